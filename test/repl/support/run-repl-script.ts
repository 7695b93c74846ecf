import { spawn } from 'node:child_process'
import { openSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CLI } from '../../support/run-cli.js'
import { tempDir } from '../../support/temp-dir.js'

export interface ScriptRun {
  code: number | null
  /** stdout and stderr as they interleaved (both go to one file, in order). */
  output: string
}

/**
 * Runs `apictl repl --echo` as a script would (stdin not a terminal), with
 * stdout and stderr written to the same file so the transcript keeps their
 * order, and the given environment (its own config dir).
 */
export function runReplScript(
  input: string,
  env: Record<string, string | undefined>,
  args: string[] = [],
): Promise<ScriptRun> {
  const file = join(tempDir('apictl-repl-out-'), 'output.txt')
  const fd = openSync(file, 'w')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'repl', '--echo', ...args], {
      env: env as NodeJS.ProcessEnv,
      stdio: ['pipe', fd, fd],
    })
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(killer)
      resolve({ code, output: readFileSync(file, 'utf8') })
    })
    child.stdin?.end(input)
  })
}

/** What changes from run to run: the embedded server's port, timestamps, the Date header, temp dirs. */
export function normalise(text: string, configDir?: string, dataDir?: string): string {
  let out = text
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<TIME>')
    .replace(/^Date: .*$/gm, 'Date: <DATE>')
  if (configDir !== undefined) out = out.replaceAll(configDir, '<CONFIG>')
  if (dataDir !== undefined) out = out.replaceAll(dataDir, '<DATA>')
  return out
}
