import type { RequestResult, RunReport } from '../../core/run-report.js'

/**
 * The report of a run from its results: the counts, and the exit code —
 * the first usage or network error's code, else 1 when an assert failed,
 * else 0.
 */
export function summarizeRun(run: Omit<RunReport, 'summary' | 'exitCode'>): RunReport {
  const count = (outcome: RequestResult['outcome']) =>
    run.results.filter((result) => result.outcome === outcome).length
  const asserts = run.results.flatMap((result) => result.asserts)
  const error = run.results.find((result) => result.outcome === 'error')
  const exitCode = error ? (error.error?.exitCode ?? 2) : count('failed') > 0 ? 1 : 0
  const report: RunReport = {
    ...run,
    summary: {
      requests: run.results.length,
      passed: count('passed'),
      failed: count('failed'),
      errored: count('error'),
      skipped: count('skipped'),
      assertsPassed: asserts.filter((each) => each.passed).length,
      assertsFailed: asserts.filter((each) => !each.passed).length,
    },
    exitCode,
  }
  if (report.environment === undefined) delete report.environment
  return report
}
