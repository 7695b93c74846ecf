import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')

interface BuildMeta {
  outputs: Record<string, { inputs: Record<string, unknown> }>
  /** Per output file, the bundled modules that run only when first used (the CLI bundle's). */
  lazy?: Record<string, string[]>
}

/**
 * The sources a traced run (trace-imports.mjs, TRACE_IMPORTS_FILE) evaluated: files straight
 * from node_modules; the sources bundled into the dist files it loaded, except those the bundle
 * runs lazily (dist/meta.json `lazy`); and those lazy ones the CLI loader recorded as
 * initialised (`bundled:` lines, bin/load-cli.cjs).
 */
export function loadedSourcesOf(traceFile: string): string[] {
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'meta.json'), 'utf8')) as BuildMeta
  const sources: string[] = []
  for (const line of readFileSync(traceFile, 'utf8').split('\n')) {
    if (line.startsWith('bundled:')) sources.push(line.slice('bundled:'.length))
    if (!line.startsWith('file://')) continue
    const path = line.slice('file://'.length)
    if (path.includes('/node_modules/')) sources.push(path)
    const name = path.slice(ROOT.length + 1)
    const lazy = new Set(meta.lazy?.[name] ?? [])
    sources.push(...Object.keys(meta.outputs[name]?.inputs ?? {}).filter((input) => !lazy.has(input)))
  }
  return sources
}
