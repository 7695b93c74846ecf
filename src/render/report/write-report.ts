import { writeFile } from 'node:fs/promises'
import type { RunReport } from '../../core/run-report.js'
import { formatHtmlReport } from './format-html-report.js'
import { formatJunitReport } from './format-junit-report.js'

/** The report formats `apictl run --report KIND FILE` writes. */
export const REPORT_KINDS = ['json', 'junit', 'html'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

const formatters: Record<ReportKind, (report: RunReport) => string> = {
  json: (report) => `${JSON.stringify(report, null, 2)}\n`,
  junit: formatJunitReport,
  html: formatHtmlReport,
}

/** Writes `report` to `file` in the format `kind`. */
export async function writeReport(kind: ReportKind, report: RunReport, file: string): Promise<void> {
  await writeFile(file, formatters[kind](report))
}
