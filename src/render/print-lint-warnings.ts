import { type Context, colourEnabled, type Sink } from '../core/context.js'
import type { PathLint } from '../protocols/rest/path-lint.js'
import { createTheme } from './theme.js'

/**
 * The path-conventions check, never blocking: before a request its findings
 * go to stderr; `apictl rest lint` passes stdout. The
 * shape, short enough to read at a glance:
 *
 *     lint: /v1/getItems
 *       - 'getItems' has upper-case letters (lowercase)
 *       - 'getItems' is an action; let the method (GET) say it (no-verbs)
 *       suggested: GET /v1/items
 */
export function printLintWarnings(
  path: string,
  { warnings, suggestion }: PathLint,
  ctx: Context,
  colourFlag: boolean | undefined,
  sink: Sink = ctx.stderr,
): void {
  if (warnings.length === 0) return
  const theme = createTheme(colourEnabled(sink, ctx.env, colourFlag))
  const lines = [`${theme.warning('lint:')} ${path}`]
  for (const warning of warnings) lines.push(`  - ${warning.message} ${theme.dim(`(${warning.rule})`)}`)
  if (suggestion !== undefined) lines.push(`  suggested: ${suggestion}`)
  sink.write(`${lines.join('\n')}\n`)
}
