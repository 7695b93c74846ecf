import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { answer, envelopeFor, ns11 } from './support/recording-server.js'
import { useRecordingServer } from './support/use-recording-server.js'

const exec = promisify(execFile)
const server = useRecordingServer()

function call(...args: string[]) {
  return runCliInProcess([
    'soap',
    'call',
    'Echo',
    'message=hi',
    '--ns',
    'urn:test',
    '--no-wsdl',
    '-e',
    `${server.url}/soap`,
    ...args,
  ])
}

const fault11 = (code: string, text: string, extra = '') =>
  `<s:Fault><faultcode>${code}</faultcode><faultstring>${text}</faultstring>${extra}</s:Fault>`

describe('what the answer was, and the exit code (SPEC §3)', () => {
  it('a 200 that is not an envelope: exit 6, said on stderr, nothing on stdout', async () => {
    server.reply = (_request, response) => answer(response, 200, 'text/html', '<html><body>Welcome</body>')
    const result = await call()
    expect(result.code).toBe(6)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(
      'did not answer with a SOAP envelope (HTTP 200 OK: an HTML page (text/html))',
    )
    expect(result.stderr).toContain('body:  <html><body>Welcome</body>')
  })

  it('an HTML page with a DOCTYPE (a login page) is named as HTML, not as a refused DOCTYPE', async () => {
    server.reply = (_request, response) =>
      answer(response, 200, 'text/html; charset=utf-8', '<!DOCTYPE html>\n<html><body>Sign in</body></html>')
    const result = await call()
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('(HTTP 200 OK: an HTML page (text/html))')
    expect(result.stderr).not.toContain('which is refused')
  })

  it('well-formed XML that is not an Envelope is exit 6 too', async () => {
    server.reply = (_request, response) => answer(response, 200, 'text/xml', '<status>ok</status>')
    const result = await call()
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('the root element is status, not a SOAP 1.1 or 1.2 Envelope')
  })

  it('HTTP 5xx without an envelope is exit 5; 4xx without one is exit 4', async () => {
    server.reply = (_request, response) => answer(response, 502, 'text/html', '<html>Bad gateway</html>')
    expect((await call()).code).toBe(5)
    server.reply = (_request, response) => answer(response, 404, 'text/plain', 'no such endpoint')
    const notFound = await call()
    expect(notFound.code).toBe(4)
    expect(notFound.stderr).toContain('HTTP 404 Not Found')
  })

  it('an answer with a DOCTYPE is refused, its entities never expanded: exit 6', async () => {
    server.reply = (request, response) =>
      answer(
        response,
        200,
        'text/xml',
        `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>${envelopeFor(request, '<r:R xmlns:r="urn:test">&secret;</r:R>').replace(/^<\?xml[^>]*>/, '')}`,
      )
    const result = await call()
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('DOCTYPE')
    expect(result.stdout).not.toContain('root:')
  })

  it('a fault with a code of the service own is a server failure (exit 5), shown as one block', async () => {
    server.reply = (request, response) =>
      answer(
        response,
        500,
        'text/xml',
        envelopeFor(
          request,
          fault11('x:Quota', 'over quota').replace('<faultcode>', '<faultcode xmlns:x="urn:x">'),
        ),
      )
    const result = await call()
    expect(result.code).toBe(5)
    expect(result.stderr).toBe('SOAP fault (Quota): over quota\n')
  })

  it('Client.Authentication (a dotted 1.1 code) is exit 4, with actor and detail lines', async () => {
    const detail = '<detail><e:Why xmlns:e="urn:e"><e:reason>expired</e:reason></e:Why></detail>'
    server.reply = (request, response) =>
      answer(
        response,
        500,
        'text/xml',
        envelopeFor(
          request,
          fault11('s:Client.Authentication', 'token expired', `<faultactor>urn:gw</faultactor>${detail}`),
        ),
      )
    const result = await call()
    expect(result.code).toBe(4)
    expect(result.stderr).toBe(
      [
        'SOAP fault (Client.Authentication): token expired',
        '  actor:   urn:gw',
        '  detail:  Why',
        '             reason  expired',
        '',
      ].join('\n'),
    )
    const json = await call('-o', 'json')
    expect(json.code).toBe(4)
    expect(JSON.parse(json.stdout)).toEqual({
      fault: {
        code: 'Client.Authentication',
        string: 'token expired',
        actor: 'urn:gw',
        detail: { Why: { reason: 'expired' } },
        version: '1.1',
      },
    })
  })

  it('VersionMismatch and MustUnderstand are the sender’s doing: exit 4', async () => {
    server.reply = (request, response) =>
      answer(response, 500, 'text/xml', envelopeFor(request, fault11('s:VersionMismatch', 'wrong version')))
    expect((await call()).code).toBe(4)
    server.reply = (request, response) =>
      answer(response, 500, 'text/xml', envelopeFor(request, fault11('s:MustUnderstand', 'not understood')))
    expect((await call()).code).toBe(4)
  })

  it('a 1.1 fault written with 1.2 children (as node-soap does) still reads as a fault', async () => {
    const inner =
      '<s:Fault><s:Code><s:Value>SOAP-ENV:Server</s:Value></s:Code><s:Reason><s:Text>TypeError: boom</s:Text></s:Reason></s:Fault>'
    server.reply = (request, response) => answer(response, 500, 'text/xml', envelopeFor(request, inner))
    const result = await call()
    expect(result.code).toBe(5)
    expect(result.stderr).toBe('SOAP fault (SOAP-ENV:Server): TypeError: boom\n')
  })

  it('-o raw prints the body as received; -o xml the envelope indented', async () => {
    const raw = await call('-o', 'raw')
    expect(raw.code).toBe(0)
    expect(raw.stdout).toBe(
      envelopeFor(
        server.received[0]!,
        '<r:EchoResponse xmlns:r="urn:test"><r:ok>true</r:ok></r:EchoResponse>',
      ),
    )
    const xml = await call('-o', 'xml')
    expect(xml.stdout).toContain(
      `\n  <s:Body>\n    <r:EchoResponse xmlns:r="urn:test">\n      <r:ok>true</r:ok>`,
    )
  })
})

describe('through the shared transport', () => {
  it('-v shows the exchange on stderr with the WS-Security password masked; the server gets it', async () => {
    const result = await call('-v', '--wss', 'demo:hunter2', '--user', 'u:p')
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('POST /soap HTTP/1.1')
    expect(result.stderr).toContain('Authorization: Basic ••••')
    expect(result.stderr).toMatch(/<wsse:Password Type="[^"]+#PasswordText">••••<\/wsse:Password>/)
    expect(result.stderr).not.toContain('hunter2')
    expect(result.stderr).toContain('HTTP/1.1 200 OK')
    expect(server.received[0]!.body).toContain('>hunter2</wsse:Password>')
  })

  it('a refused connection is exit 3', async () => {
    const result = await runCliInProcess([
      'soap',
      'call',
      'Echo',
      '--ns',
      'urn:test',
      '--no-wsdl',
      '-e',
      'http://127.0.0.1:9/soap',
    ])
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('127.0.0.1:9')
  })
})

describe('--dry-run and --curl send nothing', () => {
  it('--dry-run prints the request line, headers and the envelope', async () => {
    const result = await call('--dry-run', '--action', 'urn:test#Echo')
    expect(result.code).toBe(0)
    expect(server.received).toEqual([])
    expect(result.stdout).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/soap HTTP\/1\.1\n/)
    expect(result.stdout).toContain('Content-Type: text/xml; charset=utf-8\n')
    expect(result.stdout).toContain('SOAPAction: "urn:test#Echo"\n')
    expect(result.stdout).toContain(`<soap:Envelope xmlns:soap="${ns11}" xmlns:tns="urn:test">`)
  })

  it('--curl prints a command that makes the same request', async () => {
    const args = ['--action', 'urn:test#Echo', '--soap-header', '{urn:h}T=1', '--method', 'M-POST']
    const result = await call('--curl', ...args)
    expect(result.code).toBe(0)
    expect(server.received).toEqual([])
    expect(result.stdout).toMatch(/^curl /)
    await exec('sh', ['-c', result.stdout])
    const viaApictl = await call(...args)
    expect(viaApictl.code).toBe(0)
    const [viaCurl, direct] = server.received
    expect(viaCurl!.method).toBe('M-POST')
    expect(viaCurl!.body).toBe(direct!.body)
    for (const name of ['content-type', 'man', '01-soapaction', 'user-agent']) {
      expect(viaCurl!.headers[name], name).toBe(direct!.headers[name])
    }
  })
})
