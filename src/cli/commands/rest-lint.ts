import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { printLintWarnings } from '../../render/print-lint-warnings.js'

/**
 * `apictl rest lint PATH`: the path-conventions check alone, its findings on
 * stdout (for scripts to read). Warnings never fail it: exit 0.
 */
export async function runRestLint(paths: string[], ctx: Context): Promise<number> {
  if (paths.length !== 1) {
    throw new UsageError('apictl rest lint takes one path.', {
      hint: 'For example: apictl rest lint /v1/order_items',
    })
  }
  const path = paths[0]!.replace(/^https?:\/\/[^/]+/i, '') || '/'
  const count = printLintWarnings(path, ctx, undefined, ctx.stdout)
  if (count === 0) ctx.stdout.write(`${path}: follows the conventions\n`)
  return 0
}
