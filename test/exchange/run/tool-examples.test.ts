import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunReport } from '../../../src/core/run-report.js'
import { isolatedEnv } from '../../support/run-cli.js'
import { runCliInProcess } from '../../support/run-cli-in-process.js'
import { tempDir } from '../../support/temp-dir.js'
import { json, type Received, startTestServer, type TestServer } from '../../support/test-server.js'

const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'http-files')

const SLIDESHOW_XML =
  '<?xml version="1.0"?><slideshow title="Sample"><slide type="all"><title>Wake up to WonderWidgets!</title></slide></slideshow>'

/** An httpbin-like server: /xml, /json and /status/N as httpbin answers them, anything else echoed back as JSON. */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const path = request.url.split('?')[0]!
    if (path === '/xml') {
      response.writeHead(200, { 'content-type': 'application/xml' })
      response.end(SLIDESHOW_XML)
    } else if (path === '/json') json(response, 200, { slideshow: { slides: [{ title: 'Wake up' }] } })
    else if (request.method === 'HEAD') response.writeHead(200, { 'content-type': 'application/json' }).end()
    else json(response, 200, { method: request.method, url: request.url, body: request.body })
  })
})

afterAll(() => server.close())

async function run(
  file: string,
  ...args: string[]
): Promise<{ code: number | null; report: RunReport; stderr: string; received: Received[] }> {
  const before = server.received.length
  const out = join(tempDir(), 'report.json')
  const result = await runCliInProcess(['run', join(FIXTURES, file), '--report', 'json', out, ...args], {
    env: isolatedEnv(),
  })
  const report = JSON.parse(readFileSync(out, 'utf8')) as RunReport
  return { code: result.code, report, stderr: result.stderr, received: server.received.slice(before) }
}

const host = () => new URL(server.url).host

describe('request files written for the JetBrains HTTP Client and httpYac run unchanged', () => {
  it("the HTTP Request in Editor specification's examples: every request sent as the spec says", async () => {
    const { code, report, received, stderr } = await run('jetbrains-spec.http', '--var', `host=${host()}`)
    expect(stderr).toMatch(/jetbrains-spec\.http:\d+: the JavaScript response handler is skipped/)
    expect(stderr).toMatch(/previous-response reference \(<>\) is skipped/)
    expect(report.results.map((result) => result.outcome)).toEqual(report.results.map(() => 'passed'))
    expect(code).toBe(0)
    expect(received.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/add',
      'POST /auth',
      'GET /',
      'GET /',
      'GET /api/get',
      'GET /api/get',
      'GET /api/get?id=42',
      'GET /api/get',
      'GET /api/get?id=15',
      'POST /api/add',
      'POST /api/add',
      'POST /api/upload',
      'GET /auth',
      'GET /',
    ])
    expect(JSON.parse(received[0]!.body)).toEqual({ name: 'entity', value: 'content' })
    expect(JSON.parse(received[1]!.body)).toEqual({ token: 't-42', name: 'from a file' })
    expect(received[8]!.headers.from).toBe('user@example.com')
    expect(received[11]!.headers['content-type']).toBe('multipart/form-data; boundary=abcd')
    expect(received[11]!.body).toBe(
      '--abcd\nContent-Disposition: form-data; name="text"\n\nText\n--abcd\nContent-Disposition: form-data; name="file_to_send"; filename="input.txt"\n\nHello from input.txt\n--abcd--',
    )
  })

  it("the JetBrains client's environments, dynamic variables and Basic credentials", async () => {
    const { code, report, received } = await run(
      'jetbrains-client.http',
      '--env',
      'dev',
      '--var',
      `baseUrl=${server.url}/api`,
    )
    expect(report.results.map((result) => result.outcome)).toEqual(['passed', 'passed', 'passed', 'passed'])
    expect(code).toBe(0)
    const [get, secure, list, post] = received
    expect(get!.url).toBe('/api/items/1')
    expect(get!.headers['x-api-key']).toBe('key-from-private-env')
    expect(get!.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(Number(get!.headers['x-sent-at'])).toBeGreaterThan(1_600_000_000)
    expect(secure!.headers.authorization).toBe(`Basic ${Buffer.from('demo:s3cret word').toString('base64')}`)
    expect(list!.url).toMatch(/^\/api\/items\?page=2&limit=([1-9]|10)$/)
    expect(JSON.parse(post!.body)).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Pen',
      price: 2.5,
    })
    // The credentials never reach the report in clear.
    expect(JSON.stringify(report)).not.toContain(Buffer.from('demo:s3cret word').toString('base64'))
  })

  it("httpYac's examples: requests without ###, multi-line URLs, forms and its ?? asserts", async () => {
    const { code, report, received } = await run('httpyac-examples.http', '--var', `host=${server.url}`)
    expect(
      report.results.map(
        (result) => `${result.outcome} ${result.asserts.map((each) => each.passed).join(',')}`,
      ),
    ).toEqual(report.results.map(() => expect.stringMatching(/^passed( true)+$/)))
    expect(code).toBe(0)
    expect(received.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /get',
      'POST /post',
      'PUT /put',
      'DELETE /delete',
      'PATCH /patch',
      'HEAD /get',
      'OPTIONS /get',
      'POST /anything',
      'POST /anything',
      'POST /anything?test=test',
      'POST /anything',
      'GET /anything',
      'GET /anything',
      'GET /json',
      'GET /xml',
    ])
    expect(JSON.parse(received[1]!.body)).toEqual({ name: 'john smith' })
    expect(received[7]!.body).toBe('email=user@domain.loc&password=1')
    expect(received[7]!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(received[10]!.body).toBe('email=user@domain.loc&password=3')
  })
})
