import { execFileSync, spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { JSDOM } from 'jsdom'
import { parse, type TestSuites } from 'junit2json'
import { describe, expect, it } from 'vitest'
import type { RunReport } from '../../../src/core/run-report.js'
import { REPORT_KINDS, writeReport } from '../../../src/render/report/write-report.js'
import { HOSTILE_NAME, useRealAnswers } from '../../runfile/real-answers.js'
import { useTempDir } from '../../server/reference/server-helpers.js'
import { OTHER_FILE, SAMPLE_FILE, sampleRunReport } from './sample-run-report.js'

const realAnswers = useRealAnswers()
const temp = useTempDir()
const schema = resolve(import.meta.dirname, '../../../fixtures/junit/JUnit.xsd')
const xmllint = spawnSync('xmllint', ['--version']).status === 0

async function written(
  kind: (typeof REPORT_KINDS)[number],
): Promise<{ report: RunReport; file: string; text: string }> {
  const report = sampleRunReport(await realAnswers())
  const file = join(temp.path, `report-${kind}.${kind === 'junit' ? 'xml' : kind}`)
  await writeReport(kind, report, file)
  return { report, file, text: await readFile(file, 'utf8') }
}

describe('writeReport', () => {
  it('knows json, junit and html', () => {
    expect(REPORT_KINDS).toEqual(['json', 'junit', 'html'])
  })

  it('json: the report itself', async () => {
    const { report, text } = await written('json')
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(report)))
  })

  it('junit: a stock reader (junit2json) sees a suite per file, a case per request, failures, errors and skips', async () => {
    const { text } = await written('junit')
    const parsed = (await parse(text)) as TestSuites
    const suites = parsed.testsuite!
    expect(
      suites.map((suite) => [suite.name, suite.tests, suite.failures, suite.errors, suite.skipped]),
    ).toEqual([
      [SAMPLE_FILE, 4, 3, 0, 0],
      [OTHER_FILE, 3, 0, 1, 1],
    ])
    const [items, soap] = suites
    expect(items!.properties).toContainEqual({ name: 'environment', value: 'dev' })
    expect(items!.testcase!.map((testcase) => [testcase.name, testcase.classname])).toEqual([
      ['list items', SAMPLE_FILE],
      ['missing item', SAMPLE_FILE],
      ['GRAPHQL createItem', SAMPLE_FILE],
      ['hostile <b>name</b>', SAMPLE_FILE],
    ])
    expect(items!.testcase![0]!.failure).toBeUndefined()
    expect(items!.testcase![0]!.time).toBeGreaterThan(0)
    const failure = items!.testcase![1]!.failure![0]!
    expect(failure.type).toBe('assert')
    expect(failure.message).toBe('1 of 3 asserts failed: expected status == 200, but status is 404')
    expect(failure.inner).toBe(
      [
        `status == 200 (${SAMPLE_FILE}:11)`,
        '  expected: 200',
        '  actual:   404',
        '  expected status == 200, but status is 404',
      ].join('\n'),
    )
    expect(items!.testcase![3]!.failure![0]!.inner).toContain(`actual:   ${HOSTILE_NAME}`)
    expect(soap!.testcase![0]!.failure).toBeUndefined()
    expect(soap!.testcase![1]!.error![0]).toMatchObject({
      message: 'connection refused: http://127.0.0.1:9/soap',
      type: 'exit 3',
    })
    expect(soap!.testcase![1]!.error![0]!.inner).toContain(`(${OTHER_FILE}:11:1)`)
    expect(soap!.testcase![2]!.skipped).toHaveLength(1)
  })

  it.skipIf(!xmllint)(
    'junit: valid against the Ant JUnit XSD (xmllint --schema; skipped only when xmllint is missing)',
    async () => {
      const { file } = await written('junit')
      const run = spawnSync('xmllint', ['--noout', '--schema', schema, file], { encoding: 'utf8' })
      expect(run.stderr).toContain('validates')
      expect(run.status).toBe(0)
    },
  )

  it.skipIf(!xmllint)(
    'junit: the schema check can fail (a report without its properties is refused)',
    async () => {
      const { file, text } = await written('junit')
      const broken = text.replace(/<properties>[\s\S]*?<\/properties>/g, '')
      const { writeFile } = await import('node:fs/promises')
      await writeFile(`${file}.broken.xml`, broken)
      const run = spawnSync('xmllint', ['--noout', '--schema', schema, `${file}.broken.xml`], {
        encoding: 'utf8',
      })
      expect(run.status).not.toBe(0)
      expect(run.stderr).toMatch(/properties/)
    },
  )

  it('junit: control characters from a server stay well-formed XML', async () => {
    const report = sampleRunReport(await realAnswers())
    report.results[0]!.asserts[0] = {
      text: 'body == x',
      line: 4,
      passed: false,
      actual: 'a\u0000b\u001bc',
      message: 'bad',
    }
    report.results[0]!.outcome = 'failed'
    const file = join(temp.path, 'control.xml')
    await writeReport('junit', report, file)
    if (xmllint) execFileSync('xmllint', ['--noout', '--schema', schema, file], { stdio: 'pipe' })
    const parsed = (await parse(await readFile(file, 'utf8'))) as TestSuites
    expect(parsed.testsuite![0]!.testcase![0]!.failure![0]!.inner).toContain('a\ufffdb\ufffdc')
  })

  it('html: one self-contained page; server text stays text (no script from the data, nothing loaded)', async () => {
    const { report, text } = await written('html')
    // Scripts enabled, as a browser would run them: none may come from the data.
    const dom = new JSDOM(text, { runScripts: 'dangerously' })
    const page = dom.window.document
    expect(page.querySelectorAll('script')).toHaveLength(0)
    expect(page.querySelectorAll('img, iframe, object, embed, link, textarea')).toHaveLength(0)
    expect(page.querySelectorAll('[src], [href]:not([href^="#"]), [style], [onerror]')).toHaveLength(0)
    expect(page.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    )
    expect(page.body.textContent).toContain(HOSTILE_NAME)
    expect(page.title).not.toBe('owned')
    expect(page.title).toBe('apictl run: 2 passed, 3 failed, 1 error')
    const sections = [...page.querySelectorAll('details.request')]
    expect(sections.map((section) => section.className)).toEqual(
      report.results.map((result) => `request ${result.outcome}`),
    )
    expect(sections.map((section) => section.hasAttribute('open'))).toEqual([
      false,
      true,
      true,
      true,
      false,
      true,
      false,
    ])
    const failed = [...page.querySelectorAll('ul.asserts li.failed')].map((item) => item.textContent)
    expect(failed).toHaveLength(report.summary.assertsFailed)
    expect(failed[0]).toContain('status == 200')
    expect(failed[0]).toContain(`${SAMPLE_FILE}:11`)
    expect(failed[0]).toMatch(/expected200actual404/)
    expect(page.querySelectorAll('ul.asserts li.passed')).toHaveLength(report.summary.assertsPassed)
    const missing = sections[1]!.querySelectorAll('pre')
    expect(missing[0]!.textContent).toBe('GET http://127.0.0.1/v1/items/999999')
    expect(missing[1]!.textContent).toMatch(
      /^HTTP 404\n[\s\S]*content-type: application\/problem\+json[\s\S]*\n\n\{"type":"about:blank"/,
    )
    expect(sections[0]!.querySelector('pre')!.textContent).toContain('authorization: Bearer ••••')
    expect(page.querySelectorAll('tbody tr')).toHaveLength(report.results.length)
    expect(sections[5]!.textContent).toContain('connection refused: http://127.0.0.1:9/soap (exit 3)')
    expect(sections[4]!.textContent).toContain('SOAP fault Client: asked for')
    expect(sections[2]!.textContent).toContain('GraphQL error: createItem needs credentials')
  })

  it('html: a long run stays a page a browser opens (16 MiB of bodies at most)', async () => {
    const report = sampleRunReport(await realAnswers())
    const template = report.results[1]!
    report.results = Array.from({ length: 400 }, (_, index) => ({
      ...template,
      name: `request ${index}`,
      response: { ...template.response!, body: `${index}:${'y'.repeat(100_000)}` },
    }))
    const file = join(temp.path, 'long.html')
    await writeReport('html', report, file)
    const text = await readFile(file, 'utf8')
    expect(text.length).toBeLessThan(18 * 1024 * 1024)
    expect(text).toContain('0:yyyy')
    expect(text).toContain('(body of 100,004 characters left out: the page holds 16 MiB of bodies)')
    expect(new JSDOM(text).window.document.querySelectorAll('details.request')).toHaveLength(400)
  })

  it('html: credentials a runner left in headers are masked; long bodies are cut', async () => {
    const report = sampleRunReport(await realAnswers())
    report.results[1]!.request!.headers = { authorization: 'Basic ZGVtbzpkZW1v', cookie: 'sid=secret' }
    report.results[1]!.response!.body = 'x'.repeat(200_000)
    const file = join(temp.path, 'masked.html')
    await writeReport('html', report, file)
    const text = await readFile(file, 'utf8')
    expect(text).not.toContain('ZGVtbzpkZW1v')
    expect(text).not.toContain('secret')
    expect(text).toContain('authorization: Basic ••••')
    expect(text.length).toBeLessThan(120_000)
    expect(text).toContain('134,464 more characters')
  })
})
