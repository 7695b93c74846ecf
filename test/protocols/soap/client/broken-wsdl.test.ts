import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { answer, type RecordingServer, startRecordingServer } from './support/recording-server.js'
import { FIXTURES } from './support/soap-client-support.js'

/**
 * A WSDL that refers to what it does not define still loads (as zeep loads
 * it): the operations that need the missing definition are named in a
 * warning and cannot be called (exit 2, nothing sent); the others can.
 */
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
  const warning = `warning: the WSDL refers to definitions it does not have, so 1 operation cannot be called: Ping (${problem}); the others can.`

  it('soap ops lists the operation as not callable, with a warning naming it (exit 0)', async () => {
    const result = await runCliInProcess(['soap', 'ops', '--wsdl', broken(file)])
    expect(result.stderr).toContain(warning)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/ {2}Ping {2}cannot be called: /)
  })

  it.each([['call'], ['envelope']])(
    'soap %s Ping: exit 2 naming what is missing, nothing sent',
    async (command) => {
      const result = await runCliInProcess([
        'soap',
        command,
        'Ping',
        '--wsdl',
        broken(file),
        '-e',
        `${server.url}/soap`,
      ])
      expect(result.stderr).toContain(warning)
      expect(result.stderr).toContain(`error: Ping cannot be called: ${problem}.`)
      expect(result.stderr).toContain(
        'The WSDL lacks a definition this operation needs (the others can be called)',
      )
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(server.received).toEqual([])
    },
  )
})

it('served over HTTP, the same WSDL loads; calling the broken operation sends nothing but the WSDL request', async () => {
  const url = `${server.url}/service?file=missing-port-type.wsdl`
  const result = await runCliInProcess(['soap', 'call', 'Ping', '--wsdl', url, '-e', `${server.url}/soap`])
  expect(result.stderr).toContain('error: Ping cannot be called: binding PingSoap is of portType')
  expect(result.code).toBe(2)
  expect(server.received.map((request) => request.method)).toEqual(['GET'])
})
