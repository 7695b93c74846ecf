import type { RunAnswer } from '../../../src/core/run-answer.js'
import type { RequestResult, RunReport } from '../../../src/core/run-report.js'
import { summarizeRun } from '../../../src/exchange/run/summarize-run.js'
import { evaluateAssert } from '../../../src/runfile/evaluate-assert.js'
import type { RealAnswers } from '../../runfile/real-answers.js'

export const SAMPLE_FILE = 'requests/items.http'
export const OTHER_FILE = 'requests/soap & more.http'

function result(
  name: string,
  style: RequestResult['style'],
  line: number,
  answer: RunAnswer,
  asserts: string[],
  request: { method: string; url: string; body?: string; headers?: Record<string, string> },
  file = SAMPLE_FILE,
): RequestResult {
  const results = asserts.map((text, index) => evaluateAssert(text, line + 2 + index, answer))
  return {
    name,
    style,
    at: { file, line },
    outcome: results.every((assert) => assert.passed) ? 'passed' : 'failed',
    ...(answer.status === undefined ? {} : { status: answer.status }),
    ...(answer.fault === undefined
      ? {}
      : { fault: { code: answer.fault.code, reason: answer.fault.reason } }),
    ...(answer.graphql?.errors === undefined
      ? {}
      : { graphqlErrors: answer.graphql.errors.map((error) => (error as { message: string }).message) }),
    durationMs: answer.durationMs,
    asserts: results,
    request: { method: request.method, url: request.url, headers: request.headers ?? {}, body: request.body },
    response: { status: answer.status, headers: answer.headers, body: answer.bodyText },
  }
}

/** A run report as the runner fills it, from real answers of apictl serve: passes, failed asserts, a fault, GraphQL errors, an error, a skip and hostile text. */
export function sampleRunReport(answers: RealAnswers): RunReport {
  const results: RequestResult[] = [
    result('list items', 'rest', 3, answers.restList, ['status == 200', 'body $.length == 3'], {
      method: 'GET',
      url: 'http://127.0.0.1/v1/items?limit=3',
      headers: { authorization: 'Bearer ••••', accept: 'application/json' },
    }),
    result(
      'missing item',
      'rest',
      9,
      answers.restMissing,
      ['status == 200', 'body title == Not Found', 'duration < 60000'],
      {
        method: 'GET',
        url: 'http://127.0.0.1/v1/items/999999',
      },
    ),
    result('GRAPHQL createItem', 'graphql', 16, answers.graphqlUnauthenticated, ['errors.length == 0'], {
      method: 'POST',
      url: 'http://127.0.0.1/graphql',
      body: 'mutation { createItem(input: { name: "Pen", price: 1.5 }) { id } }',
    }),
    result('hostile <b>name</b>', 'rest', 22, answers.restHostile, ['body name == plain', 'status == 200'], {
      method: 'GET',
      url: 'http://127.0.0.1/v1/items/41',
    }),
    result(
      'SOAP RaiseFault',
      'soap',
      2,
      answers.soapClientFault,
      ['fault code == Client', 'xpath //faultstring == asked for'],
      {
        method: 'POST',
        url: 'http://127.0.0.1/soap',
        headers: { soapaction: '"urn:apictl:items#RaiseFault"' },
      },
      OTHER_FILE,
    ),
    {
      name: 'SOAP GetItem',
      style: 'soap',
      at: { file: OTHER_FILE, line: 11 },
      outcome: 'error',
      durationMs: 3,
      asserts: [],
      error: {
        message: 'connection refused: http://127.0.0.1:9/soap',
        exitCode: 3,
        at: { file: OTHER_FILE, line: 11, column: 1 },
      },
    },
    {
      name: 'SOAP DeleteItem',
      style: 'soap',
      at: { file: OTHER_FILE, line: 20 },
      outcome: 'skipped',
      durationMs: 0,
      asserts: [],
    },
  ]
  results[0]!.iteration = 1
  // The counts and the exit code as the runner makes them.
  return summarizeRun({
    files: [SAMPLE_FILE, OTHER_FILE],
    environment: 'dev',
    startedAt: '2026-11-28T15:32:10.123Z',
    durationMs: results.reduce((sum, each) => sum + each.durationMs, 0),
    results,
  })
}
