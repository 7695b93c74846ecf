import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, type TestSuites } from 'junit2json'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunReport } from '../../../src/core/run-report.js'
import { isolatedEnv } from '../../support/run-cli.js'
import { runCliInProcess } from '../../support/run-cli-in-process.js'
import { type ServeProcess, startServeProcess } from '../../support/serve-process.js'
import { tempDir } from '../../support/temp-dir.js'

const FILE = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'http-files', 'all-styles.http')

async function run(args: string[], env = isolatedEnv()) {
  const out = join(tempDir(), 'report.json')
  const result = await runCliInProcess(['run', ...args, '--report', 'json', out], { env })
  return { ...result, report: JSON.parse(readFileSync(out, 'utf8')) as RunReport }
}

function expectGreen(report: RunReport, code: number | null, stderr: string): void {
  const failed = report.results.filter((result) => result.outcome !== 'passed')
  expect(failed, JSON.stringify(failed, null, 2) + stderr).toEqual([])
  expect(report.results.map((result) => result.style)).toEqual([
    'soap',
    'rest',
    'graphql',
    'soap',
    'rest',
    'graphql',
    'soap',
    'soap',
  ])
  expect(report.summary).toMatchObject({ requests: 8, passed: 8, failed: 0, errored: 0, assertsFailed: 0 })
  expect(code).toBe(0)
}

describe('apictl run: REST, GraphQL and SOAP in one file, captures across styles', () => {
  let serve: ServeProcess
  beforeAll(async () => {
    serve = await startServeProcess()
  })
  afterAll(() => serve.stop())

  it('runs green against the built-in local profile', async () => {
    const { code, report, stderr } = await run([FILE])
    expectGreen(report, code, stderr)
    // The id created over SOAP is the one read over REST and renamed over GraphQL.
    const [made, read, renamed] = report.results
    const id = /<tns:id>(\d+)<\/tns:id>/.exec(made!.response!.body!)?.[1]
    expect(read!.request!.url).toMatch(new RegExp(`/v1/items/${id}$`))
    expect(JSON.parse(renamed!.request!.body!).variables).toEqual({ id, name: 'Big stapler' })
    expect(report.results[7]!.fault).toEqual({ code: 'Client', reason: 'as asked' })
  })

  it('runs green against `apictl serve` (a profile with its URLs)', async () => {
    const env = isolatedEnv()
    const added = await runCliInProcess(
      [
        'profile',
        'add',
        'served',
        '--rest',
        serve.url,
        '--graphql',
        `${serve.url}/graphql`,
        '--soap',
        `${serve.url}/soap`,
        '--wsdl',
        `${serve.url}/soap?wsdl`,
      ],
      { env },
    )
    expect(added.code, added.stderr).toBe(0)
    const { code, report, stderr } = await run([FILE, '--profile', 'served'], env)
    expectGreen(report, code, stderr)
    expect(report.results[1]!.request!.url.startsWith(serve.url)).toBe(true)
    // Credentials are redacted in the report.
    expect(
      report.results[2]!.request!.headers.Authorization ?? report.results[2]!.request!.headers.authorization,
    ).toBe('Basic ••••')
    expect(JSON.stringify(report)).not.toContain('PasswordText">demo<')
  })

  it('--report junit and html beside json: a stock JUnit reader sees a case per request, a failure with expected and actual', async () => {
    const dir = tempDir()
    const failing = join(dir, 'one.http')
    writeFileSync(failing, '### Read one\n# @name one\nGET /v1/items/1\n\n?? body $.name == Nope\n')
    const junit = join(dir, 'out.xml')
    const html = join(dir, 'out.html')
    const { code } = await run([FILE, failing, '--report', 'junit', junit, '--report', 'html', html])
    expect(code).toBe(1)
    const parsed = (await parse(readFileSync(junit, 'utf8'))) as TestSuites
    const suites = parsed.testsuite ?? []
    expect(suites.map((suite) => [suite.tests, suite.failures])).toEqual([
      [8, 0],
      [1, 1],
    ])
    const failure = JSON.stringify(suites[1]?.testcase?.[0])
    expect(failure).toMatch(/one/)
    expect(failure).toMatch(/Nope/)
    expect(failure).toMatch(/one\.http:5/)
    expect(readFileSync(html, 'utf8')).toMatch(/^<!DOCTYPE html>/i)
  })

  it('a failing assert names the request, file:line, expected and actual (exit 1)', async () => {
    const file = join(tempDir(), 'failing.http')
    writeFileSync(file, '### Read one\n# @name one\nGET /v1/items/1\n\n?? status == 201\n')
    const { code, report, stdout } = await run([file])
    expect(code).toBe(1)
    expect(stdout).toContain(`✗ one  ${file}:5  status == 201\n    expected: 201\n    actual:   200`)
    expect(report.results[0]).toMatchObject({
      name: 'one',
      outcome: 'failed',
      at: { file, line: 3 },
      asserts: [{ text: 'status == 201', line: 5, passed: false, expected: '201', actual: '200' }],
    })
  })
})
