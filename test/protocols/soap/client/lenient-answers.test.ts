import { describe, expect, it } from 'vitest'
import { type ApictlClient, createClient } from '../../../../src/index.js'
import { isolatedEnv } from '../../../support/run-cli.js'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { type CalculatorServer, startCalculator } from './support/calculator-server.js'
import { answer, envelopeFor, ns12 } from './support/recording-server.js'
import { useRecordingServer } from './support/use-recording-server.js'

/** Answers real servers give that are not quite by the book, read the way their authors meant them. */
const server = useRecordingServer()

function call(...args: string[]) {
  const target = ['--ns', 'urn:test', '--no-wsdl', '-e', `${server.url}/soap`]
  return runCliInProcess(['soap', 'call', 'Echo', 'message=hi', ...target, ...args])
}

const fault11 = (code: string, text: string) =>
  `<s:Fault><faultcode>${code}</faultcode><faultstring>${text}</faultstring></s:Fault>`

describe('SOAP 1.1 fault codes without a namespace map like the qualified ones (SPEC §3)', () => {
  it.each([
    ['<faultcode xmlns="">Client</faultcode>', 'Client', 4],
    ['<faultcode>Client</faultcode>', 'Client', 4],
    ['<faultcode>Client.Auth</faultcode>', 'Client.Auth', 4],
    ['<faultcode>Sender</faultcode>', 'Sender', 4],
    ['<faultcode>VersionMismatch</faultcode>', 'VersionMismatch', 4],
    ['<faultcode>MustUnderstand</faultcode>', 'MustUnderstand', 4],
    ['<faultcode>SOAP-ENV:Client</faultcode>', 'SOAP-ENV:Client', 4],
    ['<faultcode>Server</faultcode>', 'Server', 5],
    ['<faultcode>Receiver</faultcode>', 'Receiver', 5],
  ])('%s → SOAP fault (%s), exit %i', async (code, shown, exitCode) => {
    const inner = `<s:Fault>${code}<faultstring>no</faultstring></s:Fault>`
    server.reply = (request, response) => answer(response, 500, 'text/xml', envelopeFor(request, inner))
    const result = await call()
    expect(result.stderr).toBe(`SOAP fault (${shown}): no\n`)
    expect(result.code).toBe(exitCode)
  })

  it('a code of the service own, in its own namespace, is still a server failure (exit 5)', async () => {
    const inner = fault11('x:Client', 'quota').replace('<faultcode>', '<faultcode xmlns:x="urn:x">')
    server.reply = (request, response) => answer(response, 500, 'text/xml', envelopeFor(request, inner))
    expect((await call()).code).toBe(5)
  })
})

describe('a SOAP 1.2 Fault written with 1.1 children is read leniently', () => {
  it('faultcode/faultstring/detail inside a 1.2 Fault: code, reason and detail shown, exit 4', async () => {
    const inner =
      '<s:Fault><faultcode>s:Client</faultcode><faultstring>cannot divide by zero</faultstring><detail><argument>b</argument></detail></s:Fault>'
    server.reply = (request, response) =>
      answer(response, 500, 'application/soap+xml', envelopeFor(request, inner))
    const result = await call('--soap', '1.2')
    expect(result.stderr).toBe('SOAP fault (Client): cannot divide by zero\n  detail:  argument  b\n')
    expect(result.code).toBe(4)
    const json = await call('--soap', '1.2', '-o', 'json')
    expect(JSON.parse(json.stdout).fault).toMatchObject({
      code: 'Client',
      string: 'cannot divide by zero',
      detail: { argument: 'b' },
      version: '1.2',
    })
  })

  it("node-soap's own 1.2 fault for a division by zero", async () => {
    let calculator: CalculatorServer | undefined
    try {
      calculator = await startCalculator()
      const args = ['soap', 'call', 'Divide', 'a=1', 'b=0', '--soap', '1.2', '--wsdl', calculator.wsdl]
      const raw = await runCliInProcess([...args, '-o', 'raw'])
      expect(raw.stdout).toContain(`xmlns:soap="${ns12}"`)
      expect(raw.stdout).toContain('<faultcode>soap:Client</faultcode>')
      const result = await runCliInProcess(args)
      expect(result.stderr).toBe('SOAP fault (Client): cannot divide by zero\n  detail:  argument  b\n')
      expect(result.code).toBe(4)
    } finally {
      await calculator?.close()
    }
  })
})

describe('HTTP 202/204 with no envelope: a one-way operation was accepted (WS-I BP)', () => {
  const empty = (status: number) => (_request: unknown, response: import('node:http').ServerResponse) => {
    response.writeHead(status, { 'content-length': '0' })
    response.end()
  }

  it('202: exit 0 with a one-line note; -o json prints the operation with a null result', async () => {
    server.reply = empty(202)
    const result = await call('-o', 'pretty')
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe('HTTP 202 Accepted: accepted, no response envelope (one-way).\n')
    const json = await call('-o', 'json')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual({ operation: 'Echo', result: null })
  })

  it('204 too; an empty 200 is still not an answer (exit 6)', async () => {
    server.reply = empty(204)
    expect((await call()).code).toBe(0)
    server.reply = empty(200)
    const ok = await call()
    expect(ok.code).toBe(6)
    expect(ok.stderr).toContain('did not answer with a SOAP envelope (HTTP 200 with an empty body)')
  })

  it('the library resolves it to { data: { operation, result: null } }', async () => {
    server.reply = empty(202)
    const api: ApictlClient = createClient({ soap: `${server.url}/soap`, env: isolatedEnv() })
    try {
      const out = await api.soap.call('Notify', { message: 'hi' }, { namespace: 'urn:test' })
      expect(out).toEqual({ data: { operation: 'Notify', result: null }, status: 202 })
    } finally {
      await api.close()
    }
  })
})
