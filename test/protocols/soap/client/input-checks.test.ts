import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ApictlClient, createClient } from '../../../../src/index.js'
import { isolatedEnv } from '../../../support/run-cli.js'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { type RecordingServer, startRecordingServer } from './support/recording-server.js'
import { FIXTURES, IMPORTS_WSDL } from './support/soap-client-support.js'

/** Bad input is refused before anything is sent (exit 2), by the CLI and the library alike. */
const CALCULATOR_WSDL = join(FIXTURES, 'calculator', 'calculator.wsdl')
const nameRule = "An XML name starts with a letter or '_'"

let server: RecordingServer
let api: ApictlClient
beforeAll(async () => {
  server = await startRecordingServer()
  api = createClient({ soap: `${server.url}/soap`, env: isolatedEnv() })
})
afterAll(async () => {
  await api.close()
  await server.close()
})
beforeEach(() => {
  server.received.length = 0
})

function soap(...args: string[]) {
  return runCliInProcess(['soap', ...args, '-e', `${server.url}/soap`])
}

describe('a name that cannot be an XML name is a usage error, not a bug', () => {
  it.each([
    [['call', 'X', '1a=2', '--no-wsdl', '--ns', 'urn:x'], "Parameter '1a' cannot be an XML element name."],
    [['call', 'My Op', '--no-wsdl', '--ns', 'urn:x'], "Operation 'My Op' cannot be an XML element name."],
    [['call', 'X', 'a.1b=2', '--no-wsdl', '--ns', 'urn:x'], "Parameter 'a.1b': '1b' cannot be"],
    [
      ['envelope', 'X', '--soap-header', '{urn:h}1T=1', '--ns', 'urn:x', '--no-wsdl'],
      "--soap-header '{urn:h}1T=1': '1T' cannot be an XML element name.",
    ],
  ])('%j → exit 2 naming it, nothing sent', async (args, message) => {
    const result = await soap(...args)
    expect(result.stderr).toContain(`error: ${message}`)
    expect(result.stderr).toContain(nameRule)
    expect(result.stderr).not.toContain('internal error')
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(server.received).toEqual([])
  })

  it('the library returns the same as { error } with exit code 2', async () => {
    const operation = await api.soap.call('My Op', {}, { namespace: 'urn:x' })
    expect(operation.error).toMatchObject({
      exitCode: 2,
      message: "Operation 'My Op' cannot be an XML element name.",
    })
    const parameter = await api.soap.call('X', { 'b c': 1 }, { namespace: 'urn:x' })
    expect(parameter.error?.message).toBe("Parameter 'b c' cannot be an XML element name.")
    const header = await api.soap.call(
      'X',
      {},
      { namespace: 'urn:x', header: [{ namespace: 'urn:h', name: '1T', value: '1' }] },
    )
    expect(header.error).toMatchObject({ exitCode: 2 })
    expect(header.error?.hint).toContain(nameRule)
    expect(server.received).toEqual([])
  })
})

describe("values are checked against the WSDL's types before anything is sent", () => {
  const calc = (...args: string[]) => soap('call', ...args, '--wsdl', CALCULATOR_WSDL)

  it('a word for an xsd:int: exit 2 naming the parameter, the type and what was given', async () => {
    const result = await calc('Add', 'a=abc', 'b=2')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      "error: Add: parameter 'a' expects an int: a whole number from -2147483648 to 2147483647; got 'abc'.",
    )
    expect((await calc('Add', 'a=3000000000', 'b=2')).code).toBe(2)
    expect(server.received).toEqual([])
  })

  it('a parameter with maxOccurs=1 given twice is refused; once it is sent', async () => {
    const result = await calc('Add', 'a=1', 'b=2', 'b=3')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain("error: Add: parameter 'b' may be given once; got it 2 times ('2', '3').")
    expect(server.received).toEqual([])
    expect((await calc('Add', 'a=1', 'b=2')).code).toBe(0)
    expect(server.received).toHaveLength(1)
  })

  it('doubles take exponents, INF and NaN, and refuse a decimal comma', async () => {
    expect((await calc('Divide', 'a=1.5e3', 'b=-INF')).code).toBe(0)
    const comma = await calc('Divide', 'a=1,5', 'b=2')
    expect(comma.code).toBe(2)
    expect(comma.stderr).toContain(
      "parameter 'a' expects a double: a number such as 2.5, 1e-3, INF or NaN; got '1,5'.",
    )
  })

  it('an enumeration value outside the list, and a nested field given twice, through an imported schema', async () => {
    const order = ['PlaceOrder', 'customer.name=Ann', 'line.sku=A', 'line.quantity=1', '--wsdl', IMPORTS_WSDL]
    const urgent = await soap('call', ...order, 'priority=urgent')
    expect(urgent.code).toBe(2)
    expect(urgent.stderr).toContain(
      "error: PlaceOrder: parameter 'priority' expects a Priority: one of low, normal, high; got 'urgent'.",
    )
    const twice = await soap('envelope', ...order, 'customer.name=Bob')
    expect(twice.code).toBe(2)
    expect(twice.stderr).toContain(
      "parameter 'customer.name' may be given once; got it 2 times ('Ann', 'Bob')",
    )
    expect(server.received).toEqual([])
    expect((await soap('call', ...order, 'priority=high')).code).toBe(0)
  })

  it('the library: wrong types and nil where the schema does not allow it are { error } (exit 2)', async () => {
    const typed = createClient({ wsdl: CALCULATOR_WSDL, soap: `${server.url}/soap`, env: isolatedEnv() })
    try {
      const word = await typed.soap.call('Add', { a: 'abc', b: 1 })
      expect(word.error).toMatchObject({ exitCode: 2 })
      expect(word.error?.message).toContain("parameter 'a' expects an int")
      expect((await typed.soap.call('Add', { a: 1.5, b: 1 })).error?.message).toContain("got '1.5'")
      const nil = await typed.soap.call('Add', { a: null, b: 1 })
      expect(nil.error?.message).toBe(
        "Add: parameter 'a' cannot be nil (null): the schema does not declare it nillable.",
      )
      expect(server.received).toEqual([])
      expect((await typed.soap.call('Add', { a: 1, b: 2 })).error).toBeUndefined()
    } finally {
      await typed.close()
    }
  })
})

describe("--soap-header takes SPEC §6's form '{NS}Name=value' only", () => {
  it.each(['Trace=abc', '{}T=1'])('%s is refused with the same message and an example', async (entry) => {
    const result = await soap('envelope', 'X', '--ns', 'urn:x', '--no-wsdl', '--soap-header', entry)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      [
        `error: --soap-header '${entry}' is not a header entry: write '{NAMESPACE}Name=value' (a header block needs a namespace).`,
        "  try:   For example --soap-header '{urn:example:auth}Token=abc' (add --must-understand, --actor URI).",
        '',
      ].join('\n'),
    )
  })

  it('the library refuses it too', async () => {
    const result = await api.soap.call('X', {}, { namespace: 'urn:x', header: ['Trace=abc'] })
    expect(result.error).toMatchObject({ exitCode: 2 })
    expect(server.received).toEqual([])
  })
})

describe('--ns given but empty', () => {
  it('says the namespace given is empty (not that none was given)', async () => {
    const result = await soap('call', 'X', '--ns', '', '--no-wsdl')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('error: The namespace given for X (--ns) is empty.')
    expect(result.stderr).not.toContain('no --ns')
    expect(server.received).toEqual([])
  })
})

describe('an endpoint that is not an http(s) URL is a usage error, nothing sent', () => {
  it.each([['http://[x'], ['ftp://files.example/soap'], ['not a url']])(
    '-e %s → exit 2',
    async (endpoint) => {
      const result = await runCliInProcess(
        ['soap', 'call', 'X', 'a=1', '--no-wsdl', '--ns', 'urn:x', '-e', endpoint],
        {
          env: isolatedEnv(),
        },
      )
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(`The SOAP endpoint '${endpoint}' given with -e is not an http(s) URL.`)
      expect(result.stderr).toContain('try:')
    },
  )
})
