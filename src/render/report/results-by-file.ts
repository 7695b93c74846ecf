import type { RequestResult, RunReport } from '../../core/run-report.js'

/** The run's results grouped by request file, in the order the files were given (then any other file a result names). */
export function resultsByFile(report: RunReport): Array<{ file: string; results: RequestResult[] }> {
  const groups = new Map<string, RequestResult[]>(report.files.map((file) => [file, []]))
  for (const result of report.results) {
    const group = groups.get(result.at.file)
    if (group === undefined) groups.set(result.at.file, [result])
    else group.push(result)
  }
  return [...groups].map(([file, results]) => ({ file, results }))
}
