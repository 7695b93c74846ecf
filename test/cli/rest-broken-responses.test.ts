import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

const MALFORMED = '<items><item>Pen</items>'
const WITH_DOCTYPE =
  '<?xml version="1.0"?>\n<!DOCTYPE items SYSTEM "items.dtd">\n<items><item>Pen</item></items>'
let server: TestServer

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const xml = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/xml' })
      response.end(body)
    }
    switch (request.url) {
      case '/v1/short-answers':
        // Promises 100 bytes, sends 5, then closes the connection.
        response.socket?.end(
          'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
        )
        return
      case '/v1/zipped-items':
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        response.end('these bytes are not gzip')
        return
      case '/v1/malformed-items':
        return xml(200, MALFORMED)
      case '/v1/failing-items':
        return xml(500, MALFORMED)
      case '/v1/declared-items':
        return xml(200, WITH_DOCTYPE)
    }
  })
})
afterAll(() => server.close())

describe('an answer cut short', () => {
  it('fails at once (not at the 30 s time limit) as a network failure, saying the connection closed early', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/short-answers`])
    expect(result.code).toBe(3)
    expect(result.ms).toBeLessThan(5_000)
    expect(result.stderr).toContain('closed before the whole answer arrived (5 of 100 bytes)')
    expect(result.stderr).not.toMatch(/time limit/)
  })
})

describe('a body that does not decode', () => {
  it('Content-Encoding: gzip with bytes that are not gzip: exit 6, naming the encoding', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/zipped-items`])
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('claims Content-Encoding: gzip but does not decode')
    expect(result.stderr).not.toMatch(/reachable/)
  })
})

describe('XML that cannot be read is shown as received, with a warning; the exit code follows the status', () => {
  it.each([[[]], [['-o', 'json']], [['-o', 'xml']], [['-o', 'table']]])(
    'malformed XML %j: stdout has the body, stderr the warning, exit 0',
    async (format) => {
      const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/malformed-items`, ...format])
      expect(result.code).toBe(0)
      expect(result.stdout).toBe(`${MALFORMED}\n`)
      expect(result.stderr).toMatch(/^warning: .*not well-formed.*as received/m)
    },
  )

  it('malformed XML with a 500: the body on stdout, exit 5', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/failing-items`, '-o', 'json'])
    expect(result.code).toBe(5)
    expect(result.stdout).toBe(`${MALFORMED}\n`)
  })

  it('a DOCTYPE: pretty-printed as is; -o json shows it as received with a warning, exit 0', async () => {
    const pretty = await runCliInProcess(['rest', 'get', `${server.url}/v1/declared-items`])
    expect(pretty.code).toBe(0)
    expect(pretty.stdout).toContain(
      '<!DOCTYPE items SYSTEM "items.dtd">\n<items>\n  <item>Pen</item>\n</items>',
    )
    const asJson = await runCliInProcess(['rest', 'get', `${server.url}/v1/declared-items`, '-o', 'json'])
    expect(asJson.code).toBe(0)
    expect(asJson.stdout).toBe(`${WITH_DOCTYPE}\n`)
    expect(asJson.stderr).toMatch(/^warning: .*DOCTYPE.*-o json shows it as received/m)
  })
})
