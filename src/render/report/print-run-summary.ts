import type { Sink } from '../../core/context.js'
import type { RequestResult, RunReport } from '../../core/run-report.js'
import { type Cell, planTable, tableFrame, tableRow } from '../format-table.js'
import { escapeControl } from '../safe-text.js'
import { truncateToWidth } from '../text-width.js'
import { createTheme, type Theme } from '../theme.js'
import { answerSummary, resultName, styleName } from './describe-result.js'
import { counted, OUTCOME_MARKS, outcomePaint } from './outcome-marks.js'

const HEAD = ['Request', 'Style', 'Status or fault', 'Asserts', 'Time']
/** cli-table3's padding: one space either side of a cell. */
const PADDING = 2

/** Server text on one line: control characters and newlines shown as escapes. */
const oneLine = (text: string) => escapeControl(text, { newlines: false })

const milliseconds = (ms: number) => `${Math.round(ms).toLocaleString('en')} ms`

function statusText(result: RequestResult): string {
  if (result.outcome === 'skipped') return 'skipped'
  if (result.outcome === 'error') return `error (exit ${result.error?.exitCode ?? '?'})`
  return answerSummary(result)
}

function assertsText(result: RequestResult): { passed: string; failed: string } {
  const failed = result.asserts.filter((assert) => !assert.passed).length
  const passed = result.asserts.length - failed
  if (result.asserts.length === 0) return { passed: '—', failed: '' }
  return { passed: `${passed} ✓`, failed: failed === 0 ? '' : ` ${failed} ✗` }
}

/** A result's cells as plain text, in HEAD's order. */
function plainRow(result: RequestResult): string[] {
  const asserts = assertsText(result)
  return [
    `${OUTCOME_MARKS[result.outcome]} ${oneLine(resultName(result))}`,
    styleName(result.style),
    oneLine(statusText(result)),
    asserts.passed + asserts.failed,
    milliseconds(result.durationMs),
  ]
}

/** A row cut to the column widths, then painted: the mark and a problem's status in the outcome's colour, failed asserts red. */
function paintedRow(result: RequestResult, theme: Theme, widths: number[]): string[] {
  const paint = outcomePaint(result.outcome, theme)
  const [name, style, status, asserts, time] = plainRow(result).map((text, index) =>
    widths[index] === undefined ? text : truncateToWidth(text, widths[index] - PADDING),
  ) as [string, string, string, string, string]
  const { passed, failed } = assertsText(result)
  return [
    paint(name.slice(0, 1)) + name.slice(1),
    style,
    result.outcome === 'passed' ? status : paint(status),
    failed !== '' && asserts === passed + failed ? passed + theme.error(failed) : asserts,
    time,
  ]
}

/**
 * The table, drawn as format-table draws a long list: cli-table3 for the
 * frame, tableRow for the rows (cli-table3 itself took 18 s for 10,000 rows).
 * Widths come from the plain cells; the painted cells are cut to them first.
 */
function table(report: RunReport, theme: Theme, columns: number): string {
  const plainCells = report.results.map((result) =>
    plainRow(result).map((text, index): Cell => ({ text, kind: index === 4 ? 'number' : 'string' })),
  )
  const plan = planTable(HEAD, plainCells, { colour: theme.colour, columns })
  const { top, bottom } = tableFrame(plan)
  const rows = report.results.map((result) =>
    tableRow(
      plan,
      paintedRow(result, theme, plan.widths).map(
        (text, index): Cell => ({ text, kind: index === 4 ? 'number' : 'string' }),
      ),
    ),
  )
  return [top, ...rows, bottom].join('\n')
}

function totals(report: RunReport, theme: Theme): string {
  const { summary } = report
  const parts = [
    summary.passed > 0 ? theme.status(200)(`${summary.passed} passed`) : '0 passed',
    summary.failed > 0 ? theme.error(`${summary.failed} failed`) : undefined,
    summary.errored > 0 ? theme.warning(counted(summary.errored, 'error')) : undefined,
    summary.skipped > 0 ? theme.dim(`${summary.skipped} skipped`) : undefined,
  ].filter((part) => part !== undefined)
  const asserts = `asserts: ${summary.assertsPassed} passed${summary.assertsFailed > 0 ? `, ${theme.error(`${summary.assertsFailed} failed`)}` : ''}`
  return `${counted(summary.requests, 'request')}: ${parts.join(', ')} · ${asserts} · ${milliseconds(report.durationMs)}`
}

/** What went wrong, request by request: each failed assert with file:line, expected and actual; each error with its message. */
function problems(report: RunReport, theme: Theme): string[] {
  const lines: string[] = []
  for (const result of report.results) {
    const name = theme.bold(oneLine(resultName(result)))
    if (result.outcome === 'error' && result.error !== undefined) {
      const at = result.error.at ?? result.at
      const where = `${at.file}:${at.line}${at.column === undefined ? '' : `:${at.column}`}`
      lines.push(
        `${theme.warning('!')} ${name}  ${theme.dim(oneLine(where))}`,
        `    ${oneLine(result.error.message)}`,
      )
    }
    for (const assert of result.asserts.filter((each) => !each.passed)) {
      lines.push(
        `${theme.error('✗')} ${name}  ${theme.dim(oneLine(`${result.at.file}:${assert.line}`))}  ${oneLine(assert.text)}`,
      )
      if (assert.expected !== undefined) lines.push(`    expected: ${oneLine(assert.expected)}`)
      if (assert.actual !== undefined) lines.push(`    actual:   ${oneLine(assert.actual)}`)
      if (assert.message !== undefined) lines.push(`    ${theme.dim(oneLine(assert.message))}`)
    }
  }
  return lines
}

/**
 * The end of `apictl run`: a table of the requests (request, style, status
 * or fault, asserts passed and failed, time), a totals line, then each
 * failed assert (request, file:line, expected, actual) and each error.
 * The table fits the terminal's width (no limit on a pipe). Server text is
 * escaped (no control character reaches the terminal).
 */
export function printRunSummary(report: RunReport, sink: Sink, options: { colour: boolean }): void {
  const theme = createTheme(options.colour)
  const columns = sink.isTTY ? Math.max(sink.columns ?? 100, 30) : Number.POSITIVE_INFINITY
  const out: string[] = []
  if (report.results.length > 0) out.push(table(report, theme, columns))
  out.push(totals(report, theme))
  const details = problems(report, theme)
  if (details.length > 0) out.push('', ...details)
  sink.write(`${out.join('\n')}\n`)
}
