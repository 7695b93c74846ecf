import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
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
  else if (!sent) {
    const sourceOf = (file: string) => readSource(resolve(ctx.cwd, file))
    printRunProblems(report, ctx.stderr, {
      dryRun: options.dryRun,
      colour: options.colour && ctx.stderr.isTTY,
      sourceOf,
    })
  } else printRunSummary(report, ctx.stdout, { colour: options.colour })
}

/** A request file's text for an excerpt under its problem; none when it is gone, not a file or over 16 MiB. */
function readSource(path: string): string | undefined {
  try {
    if (!statSync(path).isFile() || statSync(path).size > 16 * 1024 * 1024) return undefined
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}
