import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { tempDir } from '../../../support/temp-dir.js'
import { ns11, ns12 } from './support/recording-server.js'
import { IMPORTS_WSDL } from './support/soap-client-support.js'
import { useRecordingServer } from './support/use-recording-server.js'

const server = useRecordingServer()
const folder = tempDir('apictl-soap-send-')

function file(name: string, text: string): string {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}

const envelope = (namespace: string, body: string) =>
  `<?xml version="1.0"?>\n<e:Envelope xmlns:e="${namespace}">\n  <e:Body>${body}</e:Body>\n</e:Envelope>\n`

function send(path: string, ...args: string[]) {
  return runCliInProcess(['soap', 'send', path, '-e', `${server.url}/soap`, ...args])
}

describe('apictl soap send FILE.xml', () => {
  it('soap send - reads the envelope from stdin (a pipe from soap envelope)', async () => {
    const built = await runCliInProcess([
      'soap',
      'envelope',
      'Ping',
      'a=1',
      '--ns',
      'urn:x',
      '--no-wsdl',
      '-o',
      'raw',
    ])
    expect(built.code).toBe(0)
    const result = await runCliInProcess(
      ['soap', 'send', '-', '-e', `${server.url}/soap`, '--no-wsdl', '-o', 'pretty'],
      { input: built.stdout },
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('EchoResponse\n  ok  true\n')
    expect(server.received[0]!.body).toBe(built.stdout)
    expect(server.received[0]!.headers.soapaction).toBe('""')
    const notEnvelope = await runCliInProcess(['soap', 'send', '-', '-e', `${server.url}/soap`], {
      input: '<x/>',
    })
    expect(notEnvelope.code).toBe(2)
    expect(notEnvelope.stderr).toContain('error: stdin is not a SOAP envelope: the root element is x')
    expect(server.received).toHaveLength(1)
  })

  it('sends the file as it is, SOAP 1.2 by its namespace', async () => {
    const text = envelope(ns12, '<x:Ping xmlns:x="urn:x">hi</x:Ping>')
    const result = await send(file('ping12.xml', text), '--no-wsdl', '-o', 'pretty')
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('EchoResponse\n  ok  true\n')
    const [request] = server.received
    expect(request!.body).toBe(text)
    expect(request!.headers['content-type']).toBe('application/soap+xml; charset=utf-8')
    expect(request!.headers).not.toHaveProperty('soapaction')
  })

  it('SOAP 1.1 takes the SOAPAction of the operation whose input is the Body element', async () => {
    const body = '<o:CancelOrder xmlns:o="urn:example:orders"><o:orderId>4</o:orderId></o:CancelOrder>'
    expect((await send(file('cancel11.xml', envelope(ns11, body)), '--wsdl', IMPORTS_WSDL)).code).toBe(0)
    expect(
      (await send(file('other11.xml', envelope(ns11, '<x:Other xmlns:x="urn:x"/>')), '--no-wsdl')).code,
    ).toBe(0)
    expect((await send(file('cancel11.xml', envelope(ns11, body)), '--action', 'urn:mine')).code).toBe(0)
    expect(server.received.map((request) => request.headers.soapaction)).toEqual([
      '"urn:example:orders/CancelOrder"',
      '""',
      '"urn:mine"',
    ])
    expect(server.received[0]!.headers['content-type']).toBe('text/xml; charset=utf-8')
  })

  it('soap envelope -o raw makes a file that soap send sends unchanged', async () => {
    const printed = await runCliInProcess([
      'soap',
      'envelope',
      'CancelOrder',
      'orderId=4',
      '--wsdl',
      IMPORTS_WSDL,
      '--soap',
      '1.2',
      '-o',
      'raw',
    ])
    expect(printed.code).toBe(0)
    expect(server.received).toEqual([])
    const text = printed.stdout.slice(0, -1)
    expect((await send(file('cancel12.xml', text), '--wsdl', IMPORTS_WSDL)).code).toBe(0)
    const [request] = server.received
    expect(request!.body).toBe(text)
    expect(request!.headers['content-type']).toBe(
      'application/soap+xml; charset=utf-8; action="urn:example:orders/v12/CancelOrder"',
    )
  })

  it('refuses a file that is not a SOAP envelope (exit 2) and sends nothing', async () => {
    const notEnvelope = await send(file('note.xml', '<note>hello</note>'), '--no-wsdl')
    expect(notEnvelope.code).toBe(2)
    expect(notEnvelope.stderr).toContain('is not a SOAP envelope: the root element is note')
    const notXml = await send(file('note.txt', 'hello'), '--no-wsdl')
    expect(notXml.code).toBe(2)
    const hostile = await send(
      file('doctype.xml', `<!DOCTYPE e [<!ENTITY a "b">]>${envelope(ns11, '')}`),
      '--no-wsdl',
    )
    expect(hostile.code).toBe(2)
    expect(hostile.stderr).toContain('DOCTYPE')
    const missing = await send(join(folder, 'missing.xml'))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('no such file')
    expect(server.received).toEqual([])
  })
})
