import type { Sink } from '../../core/context.js'
import type { RunReport } from '../../core/run-report.js'
import { safeMessage } from '../safe-text.js'

/**
 * Problems found before anything was sent (`file:line:column: message`),
 * one per line on stderr, then what that means; or, for a clean --dry-run,
 * one line saying what was checked.
 */
export function printRunProblems(report: RunReport, sink: Sink, options: { dryRun: boolean }): void {
  const problems = report.results.filter((result) => result.outcome === 'error' && result.durationMs === 0)
  if (problems.length === 0) {
    if (options.dryRun) {
      sink.write(
        `checked ${report.results.length} ${report.results.length === 1 ? 'request' : 'requests'} in ${report.files.join(', ')}: no problems; nothing was sent.\n`,
      )
    }
    return
  }
  for (const problem of problems) {
    const at = problem.error?.at ?? problem.at
    const where = at.column === undefined ? `${at.file}:${at.line}` : `${at.file}:${at.line}:${at.column}`
    sink.write(`${where}: ${safeMessage(problem.error?.message ?? 'problem')} (${problem.name})\n`)
  }
  sink.write(
    `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in the file${report.files.length === 1 ? '' : 's'}; nothing was sent.\n`,
  )
}
