import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { lintPath } from '../../protocols/rest/path-lint.js'
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
  const lint = lintPath(path)
  printLintWarnings(path, lint, ctx, undefined, ctx.stdout)
  if (lint.warnings.length === 0) ctx.stdout.write(`${path}: follows the conventions\n`)
  return 0
}
