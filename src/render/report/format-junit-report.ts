import { hostname } from 'node:os'
import type { RequestResult, RunReport } from '../../core/run-report.js'
import { VERSION } from '../../core/version.js'
import { escapeAttribute, escapeText } from '../../protocols/soap/xml/write-xml.js'
import { describeFailedAssert, resultName } from './describe-result.js'
import { resultsByFile } from './results-by-file.js'

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3)

/** `2026-11-28T15:32:10`: the Ant schema's timestamp has no fraction and no zone (it is UTC). */
const timestamp = (iso: string) =>
  (Number.isNaN(Date.parse(iso)) ? new Date() : new Date(iso)).toISOString().slice(0, 19)

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('')
}

/** The testcase's one child: failure (asserts), error (not sent or no answer), skipped, or none. */
function outcomeElement(result: RequestResult): string {
  if (result.outcome === 'skipped') return '<skipped/>'
  if (result.outcome === 'error') {
    const error = result.error ?? { message: 'the request did not complete', exitCode: 1 }
    const at = error.at ?? result.at
    const text = `${error.message}\n(${at.file}:${at.line}${at.column === undefined ? '' : `:${at.column}`})`
    return `<error${attributes({ message: error.message, type: `exit ${error.exitCode}` })}>${escapeText(text)}</error>`
  }
  if (result.outcome !== 'failed') return ''
  const failed = result.asserts.filter((assert) => !assert.passed)
  const first = failed[0]
  const message =
    first === undefined
      ? 'the request failed'
      : `${failed.length} of ${result.asserts.length} asserts failed: ${first.message ?? first.text}`
  const text = failed.flatMap((assert) => describeFailedAssert(assert, result.at.file)).join('\n')
  return `<failure${attributes({ message, type: 'assert' })}>${escapeText(text)}</failure>`
}

function testcase(result: RequestResult): string {
  const head = `<testcase${attributes({ name: resultName(result), classname: result.at.file, time: seconds(result.durationMs) })}`
  const child = outcomeElement(result)
  return child === '' ? `    ${head}/>` : `    ${head}>${child}</testcase>`
}

function properties(report: RunReport): string {
  const values: Array<[string, string]> = [
    ['apictl.version', VERSION],
    ...(report.environment === undefined
      ? []
      : ([['environment', report.environment]] as Array<[string, string]>)),
    ['exitCode', String(report.exitCode)],
  ]
  return values.map(([name, value]) => `      <property${attributes({ name, value })}/>`).join('\n')
}

/**
 * The run as JUnit XML in the Ant layout CI servers read (Jenkins, GitLab,
 * GitHub test reporters): a testsuite per request file, a testcase per
 * request with `<failure>` for failed asserts (each with expected, actual
 * and file:line), `<error>` when no answer came, `<skipped/>`; the
 * environment as a property. Valid against the Ant JUnit XSD
 * (fixtures/junit/JUnit.xsd).
 */
export function formatJunitReport(report: RunReport): string {
  const host = hostname() || 'localhost'
  const suites = resultsByFile(report).map(({ file, results }, id) => {
    const count = (outcome: RequestResult['outcome']) =>
      results.filter((result) => result.outcome === outcome).length
    const head = attributes({
      name: file,
      package: file,
      id,
      timestamp: timestamp(report.startedAt),
      hostname: host,
      tests: results.length,
      failures: count('failed'),
      errors: count('error'),
      skipped: count('skipped'),
      time: seconds(results.reduce((sum, result) => sum + result.durationMs, 0)),
    })
    return [
      `  <testsuite${head}>`,
      `    <properties>\n${properties(report)}\n    </properties>`,
      ...results.map(testcase),
      '    <system-out/>',
      '    <system-err/>',
      '  </testsuite>',
    ].join('\n')
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n${suites.join('\n')}\n</testsuites>\n`
}
