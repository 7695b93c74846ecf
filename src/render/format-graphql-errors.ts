import { formatJson } from './format-json.js'
import { formatSourceExcerpt } from './format-source-excerpt.js'
import { escapeControl } from './safe-text.js'
import { createTheme } from './theme.js'

/** A GraphQL error as a server sends it, or a local document problem (message and locations only). */
export interface GraphQLErrorView {
  message: string
  path?: ReadonlyArray<string | number>
  locations?: ReadonlyArray<{ line: number; column: number }>
  extensions?: Record<string, unknown>
}

export interface GraphQLErrorsFormatOptions {
  colour: boolean
  /** The document the locations point into: each location gets the source line and a caret. */
  source?: { text: string; name: string }
}

/** Extension keys not worth a line (a server's stack trace belongs in its log). */
const QUIET_EXTENSIONS = new Set(['code', 'stacktrace', 'exception'])

/** Paths listed for a group of identical errors before `… (N in all)`. */
const PATHS_SHOWN = 3

/**
 * GraphQL errors as people read them: `error: message`, then the path, the
 * `extensions.code`, any other extensions, and for each location
 * `name:line:column` with the source excerpt and a caret. Errors that differ
 * only by path (one per list element) are shown once with their paths. No
 * trailing newline.
 */
export function formatGraphQLErrors(
  errors: readonly GraphQLErrorView[],
  options: GraphQLErrorsFormatOptions,
): string {
  const theme = createTheme(options.colour)
  const label = (text: string) => theme.dim(text.padEnd(6))
  return groupByPath(errors)
    .map(({ error, paths }) => {
      const count = paths.length > 1 ? theme.dim(` (×${paths.length})`) : ''
      const lines = [`${theme.error('error:')} ${escapeControl(error.message)}${count}`]
      if (paths.length > 0) lines.push(`  ${label('path:')} ${escapeControl(pathList(paths))}`)
      const code = error.extensions?.code
      if (code !== undefined) lines.push(`  ${label('code:')} ${theme.warning(escapeControl(String(code)))}`)
      const other = Object.entries(error.extensions ?? {}).filter(([key]) => !QUIET_EXTENSIONS.has(key))
      if (other.length > 0) {
        const extensions = formatJson(Object.fromEntries(other), { colour: options.colour, indent: 0 })
        lines.push(`  ${label('extra:')} ${extensions}`)
      }
      for (const location of error.locations ?? []) {
        const name = options.source?.name ?? 'document'
        lines.push(`  ${label('at:')} ${name}:${location.line}:${location.column}`)
        if (options.source) {
          const excerpt = formatSourceExcerpt(options.source.text, location, { colour: options.colour })
          lines.push(...excerpt.split('\n').map((line) => `    ${line}`))
        }
      }
      return lines.join('\n')
    })
    .join('\n')
}

function groupByPath(
  errors: readonly GraphQLErrorView[],
): Array<{ error: GraphQLErrorView; paths: string[] }> {
  const groups = new Map<string, { error: GraphQLErrorView; paths: string[] }>()
  for (const error of errors) {
    const extensions = Object.entries(error.extensions ?? {}).filter(
      ([name]) => name !== 'stacktrace' && name !== 'exception',
    )
    const key = JSON.stringify([error.message, error.locations ?? [], extensions])
    const path = error.path && error.path.length > 0 ? pathText(error.path) : undefined
    const group = groups.get(key)
    if (group && path !== undefined && group.paths.length > 0) group.paths.push(path)
    else groups.set(group ? `${key}#${groups.size}` : key, { error, paths: path === undefined ? [] : [path] })
  }
  return [...groups.values()]
}

function pathList(paths: string[]): string {
  if (paths.length <= PATHS_SHOWN + 1) return paths.join(', ')
  return `${paths.slice(0, PATHS_SHOWN).join(', ')}, … (${paths.length} in all)`
}

/** A response path as code reads it: `items[0].name`. */
function pathText(path: ReadonlyArray<string | number>): string {
  return path
    .map((step, index) => (typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`))
    .join('')
}
