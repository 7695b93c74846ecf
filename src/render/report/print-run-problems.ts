import type { Sink } from '../../core/context.js'
import type { RunReport } from '../../core/run-report.js'
import { formatSourceExcerpt } from '../format-source-excerpt.js'
import { safeMessage } from '../safe-text.js'

/**
 * Problems found before anything was sent (`file:line:column: message`, then
 * the file's lines there with a caret under the column when `sourceOf` has
 * the file's text), on stderr, then what that means; or, for a clean
 * --dry-run, one line saying what was checked.
 */
export function printRunProblems(
  report: RunReport,
  sink: Sink,
  options: { dryRun: boolean; colour: boolean; sourceOf?: (file: string) => string | undefined },
): void {
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
    const source = options.sourceOf?.(at.file)
    if (source !== undefined && at.column !== undefined) {
      sink.write(
        `${formatSourceExcerpt(source, { line: at.line, column: at.column }, { colour: options.colour })}\n`,
      )
    }
  }
  sink.write(
    `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in the file${report.files.length === 1 ? '' : 's'}; nothing was sent.\n`,
  )
}
