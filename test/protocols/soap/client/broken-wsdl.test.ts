import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../../../support/run-cli.js'
import { answer, type RecordingServer, startRecordingServer } from './support/recording-server.js'
import { FIXTURES } from './support/soap-client-support.js'

/** A WSDL that refers to what it does not define is refused, as zeep refuses it: no envelope from guesses. */
const broken = (name: string) => join(FIXTURES, 'broken', name)
const cases = [
  [
    'missing-port-type.wsdl',
    'binding PingSoap is of portType {urn:example:broken}MissingPortType, which the WSDL does not define',
  ],
  [
    'missing-element.wsdl',
    'part parameters of message PingInput is element {urn:example:broken}Missing, which no schema in the WSDL declares',
  ],
] as const

let server: RecordingServer
beforeAll(async () => {
  server = await startRecordingServer((request, response) => {
    const file = new URL(request.url, 'http://x').searchParams.get('file')
    if (file !== null) answer(response, 200, 'text/xml', readFileSync(broken(file), 'utf8'))
    else answer(response, 500, 'text/plain', 'not expected')
  })
})
afterAll(() => server.close())
beforeEach(() => {
  server.received.length = 0
})

describe.each(cases)('%s', (file, problem) => {
  it.each([['ops'], ['call', 'Ping'], ['envelope', 'Ping']])(
    'soap %s: exit 2 naming what is missing, nothing sent',
    async (...command) => {
      const result = await runCli(['soap', ...command, '--wsdl', broken(file), '-e', `${server.url}/soap`])
      expect(result.stderr).toContain(`error: The WSDL cannot be used: ${problem}.`)
      expect(result.stderr).toContain(`where: ${broken(file)}`)
      expect(result.stderr).toContain('The WSDL refers to definitions it does not have')
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(server.received).toEqual([])
    },
  )
})

it('served over HTTP, the same WSDL is an answer that cannot be used (exit 6), and the call is not sent', async () => {
  const url = `${server.url}/service?file=missing-port-type.wsdl`
  const result = await runCli(['soap', 'call', 'Ping', '--wsdl', url, '-e', `${server.url}/soap`])
  expect(result.stderr).toContain('error: The WSDL cannot be used: binding PingSoap is of portType')
  expect(result.code).toBe(6)
  expect(server.received.map((request) => request.method)).toEqual(['GET'])
})
