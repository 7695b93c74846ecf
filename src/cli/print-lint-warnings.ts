import { type Context, colourEnabled } from '../core/context.js'
import { lintPath } from '../protocols/rest/path-lint.js'

/** The path-conventions check: warnings on stderr, never blocking. Returns how many. */
export function printLintWarnings(path: string, ctx: Context, colourFlag: boolean | undefined): number {
  const warnings = lintPath(path)
  const colour = colourEnabled(ctx.stderr, ctx.env, colourFlag)
  const label = colour ? '\x1b[33mlint:\x1b[39m' : 'lint:'
  for (const warning of warnings) ctx.stderr.write(`${label} ${warning.message} (${warning.rule})\n`)
  return warnings.length
}
