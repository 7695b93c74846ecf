import type { Context } from '../../core/context.js'
import type { RunReport } from '../../core/run-report.js'
import { printRunProblems } from './print-run-problems.js'
import { printRunSummary } from './print-run-summary.js'

/**
 * What a run says at its end (`apictl run`, the REPL's `.run FILE.http`):
 * when nothing was sent, the problems found before sending (or what a clean
 * --dry-run checked) on stderr; else the summary table, totals and failures
 * on stdout, the run's result.
 */
export function printRunOutcome(
  report: RunReport,
  ctx: Context,
  options: { dryRun: boolean; colour: boolean },
): void {
  const sent = report.results.some((result) => result.outcome !== 'skipped' && result.durationMs > 0)
  if (report.results.length === 0) ctx.stderr.write(`no requests in ${report.files.join(', ')}\n`)
  else if (!sent) printRunProblems(report, ctx.stderr, { dryRun: options.dryRun })
  else printRunSummary(report, ctx.stdout, { colour: options.colour })
}
