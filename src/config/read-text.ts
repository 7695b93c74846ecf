import { readFile } from 'node:fs'

/**
 * A file's text (utf8), rejecting with fs's error. The callback API on purpose: files read on
 * every run (config, caches) would otherwise load node:fs/promises, ~0.7 ms of each start-up.
 */
export function readText(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    readFile(file, 'utf8', (error, text) => (error ? reject(error) : resolve(text)))
  })
}
