import type { AssertResult, ExchangeRecord, RequestResult, RunReport } from '../../core/run-report.js'
import { redactHeaders } from '../redact.js'
import { answerSummary, resultName, styleName } from './describe-result.js'
import { escapeHtml } from './escape-html.js'
import { HTML_REPORT_STYLE } from './html-report-style.js'

/** The most of one body the page shows (the runner cuts bodies already; this bounds the page whatever it is given). */
const BODY_LIMIT = 64 * 1024
/** The most of all bodies together one page shows (a long run's page stays one a browser opens). */
const PAGE_BODY_BUDGET = 16 * 1024 * 1024

/** What is left of the page's body budget, spent in the order the requests ran. */
interface Budget {
  left: number
}

const OUTCOMES = ['passed', 'failed', 'error', 'skipped'] as const

const milliseconds = (ms: number) => `${Math.round(ms).toLocaleString('en')} ms`

function anchor(index: number): string {
  return `request-${index + 1}`
}

function body(text: string | undefined, budget: Budget): string {
  if (text === undefined || text === '') return ''
  const limit = Math.min(BODY_LIMIT, budget.left)
  if (limit <= 0)
    return `<span class="truncated">(body of ${text.length.toLocaleString('en')} characters left out: the page holds 16 MiB of bodies)</span>`
  const cut = text.length > limit
  budget.left -= Math.min(text.length, limit)
  const shown = escapeHtml(cut ? text.slice(0, limit) : text)
  const note = cut
    ? `\n<span class="truncated">… ${(text.length - limit).toLocaleString('en')} more characters</span>`
    : ''
  return `${shown}${note}`
}

function head(headers: Record<string, string>): string {
  return Object.entries(redactHeaders(headers))
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')
}

function exchange(result: RequestResult, budget: Budget): string {
  const parts: string[] = []
  if (result.request !== undefined) {
    const request: ExchangeRecord = result.request
    const text = [`${request.method} ${request.url}`, head(request.headers)]
      .filter((line) => line !== '')
      .join('\n')
    parts.push(
      `<h3>Request</h3><pre>${escapeHtml(text)}${request.body ? `\n\n${body(request.body, budget)}` : ''}</pre>`,
    )
  }
  if (result.response !== undefined) {
    const response = result.response
    const status = response.status ?? result.status
    const text = [status === undefined ? '' : `HTTP ${status}`, head(response.headers)]
      .filter((line) => line !== '')
      .join('\n')
    parts.push(
      `<h3>Response</h3><pre>${escapeHtml(text)}${response.body ? `\n\n${body(response.body, budget)}` : ''}</pre>`,
    )
  }
  return parts.join('\n')
}

function assertItem(assert: AssertResult, file: string): string {
  const where = `<span class="at">${escapeHtml(`${file}:${assert.line}`)}</span>`
  const item = `<code>${escapeHtml(assert.text)}</code> ${where}`
  if (assert.passed) return `<li class="passed">${item}</li>`
  const values = [
    ['expected', assert.expected],
    ['actual', assert.actual],
    ['why', assert.message],
  ]
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value!)}</dd>`)
    .join('')
  return `<li class="failed">${item}<dl class="values">${values}</dl></li>`
}

function requestSection(result: RequestResult, index: number, budget: Budget): string {
  const at = `${result.at.file}:${result.at.line}`
  const open = result.outcome === 'failed' || result.outcome === 'error' ? ' open' : ''
  const summary = `<summary><span class="outcome ${result.outcome}">${result.outcome}</span> ${escapeHtml(resultName(result))} <span class="at">${escapeHtml(`${styleName(result.style)} · ${answerSummary(result)} · ${milliseconds(result.durationMs)} · ${at}`)}</span></summary>`
  const problems = [
    result.error === undefined
      ? ''
      : `<p class="problem">${escapeHtml(`${result.error.message} (exit ${result.error.exitCode})`)}</p>`,
    result.fault === undefined
      ? ''
      : `<p class="problem">${escapeHtml(`SOAP fault ${result.fault.code}: ${result.fault.reason}`)}</p>`,
    ...(result.graphqlErrors ?? []).map(
      (message) => `<p class="problem">${escapeHtml(`GraphQL error: ${message}`)}</p>`,
    ),
  ].join('')
  const asserts =
    result.asserts.length === 0
      ? ''
      : `<ul class="asserts">${result.asserts.map((assert) => assertItem(assert, result.at.file)).join('')}</ul>`
  return `<details class="request ${result.outcome}" id="${anchor(index)}"${open}>${summary}${problems}${asserts}${exchange(result, budget)}</details>`
}

function summaryTable(report: RunReport): string {
  const rows = report.results.map((result, index) => {
    const passed = result.asserts.filter((assert) => assert.passed).length
    const failed = result.asserts.length - passed
    return `<tr><td><span class="outcome ${result.outcome}">${result.outcome}</span></td><td><a href="#${anchor(index)}">${escapeHtml(resultName(result))}</a></td><td>${styleName(result.style)}</td><td>${escapeHtml(answerSummary(result))}</td><td class="number">${passed}${failed > 0 ? ` / <b class="outcome failed">${failed} failed</b>` : ''}</td><td class="number">${milliseconds(result.durationMs)}</td></tr>`
  })
  return `<table><thead><tr><th>Outcome</th><th>Request</th><th>Style</th><th>Status or fault</th><th>Asserts passed</th><th>Time</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

/**
 * The run as one self-contained HTML page a person opens: the totals, a
 * table of the requests, then each request with its asserts (failed ones
 * highlighted, with expected and actual) and its exchange. Every text from
 * the run is escaped; a Content-Security-Policy forbids scripts and loads
 * (the page has none of either).
 */
export function formatHtmlReport(report: RunReport): string {
  const { summary } = report
  const budget: Budget = { left: PAGE_BODY_BUDGET }
  const title = `apictl run: ${summary.passed} passed, ${summary.failed} failed, ${summary.errored} ${summary.errored === 1 ? 'error' : 'errors'}`
  const counts: Record<(typeof OUTCOMES)[number], number> = {
    passed: summary.passed,
    failed: summary.failed,
    error: summary.errored,
    skipped: summary.skipped,
  }
  const badges = OUTCOMES.map(
    (outcome) => `<span class="badge ${outcome}">${counts[outcome]} ${outcome}</span>`,
  ).join('')
  const meta = [
    `${report.files.length === 1 ? 'File' : 'Files'}: ${report.files.join(', ')}`,
    ...(report.environment === undefined ? [] : [`environment ${report.environment}`]),
    `started ${report.startedAt}`,
    milliseconds(report.durationMs),
    `asserts ${summary.assertsPassed} passed, ${summary.assertsFailed} failed`,
    `exit ${report.exitCode}`,
  ].join(' · ')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${HTML_REPORT_STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(meta)}</p>
<div class="totals">${badges}</div>
${summaryTable(report)}
<h2>Requests</h2>
${report.results.map((result, index) => requestSection(result, index, budget)).join('\n')}
</body>
</html>
`
}
