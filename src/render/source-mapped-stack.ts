import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { dirname, resolve } from 'node:path'

/** A frame's position in one of the CLI bundles (dist/cli/apictl*.cjs). */
const BUNDLE_POSITION = /((?:\/|[A-Za-z]:\\)[^\s()]*[\\/]dist[\\/]cli[\\/]apictl[\w-]*\.cjs):(\d+):(\d+)/g

/**
 * A stack trace (APICTL_DEBUG=1) with positions in the CLI bundles turned back into source
 * files, lines and columns through the bundles' source maps (`<bundle>.map`, written by the
 * build). Positions without a map or a mapping stay as they are.
 */
export function sourceMappedStack(stack: string): string {
  const maps = new Map<string, SourceMap | undefined>()
  return stack.replace(BUNDLE_POSITION, (position, file: string, line: string, column: string) => {
    if (!maps.has(file)) maps.set(file, readSourceMap(`${file}.map`))
    const entry = maps.get(file)?.findEntry(Number(line) - 1, Number(column) - 1)
    if (entry === undefined || !('originalSource' in entry)) return position
    const source = resolve(dirname(file), entry.originalSource)
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`
  })
}

function readSourceMap(file: string): SourceMap | undefined {
  try {
    return new SourceMap(JSON.parse(readFileSync(file, 'utf8')))
  } catch {
    return undefined
  }
}
