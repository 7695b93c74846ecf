import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../../../support/run-cli.js'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { type CalculatorServer, startCalculator } from './support/calculator-server.js'
import { RPC_WSDL } from './support/soap-client-support.js'

let calculator: CalculatorServer
beforeAll(async () => {
  calculator = await startCalculator()
})
afterAll(() => calculator.close())

function ops(...args: string[]) {
  return runCliInProcess(['soap', 'ops', '--wsdl', calculator.wsdl, ...args])
}

describe('soap ops --soap VERSION and -o', () => {
  it("--soap 1.2 lists the 1.2 binding's operations with their SOAPActions and its address only", async () => {
    const result = await ops('--soap', '1.2')
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`SOAP 1.2: ${calculator.url}/calc12\n`)
    expect(result.stdout).not.toContain('SOAP 1.1:')
    expect(result.stdout).toContain(
      [
        '  Add     in      Add(a: int, b: int)',
        '          out     AddResponse(result: int)',
        '          action  "http://example.com/calculator/Add"',
      ].join('\n'),
    )
  })

  it('-o json describes the operations; with --soap, that version only', async () => {
    const all = JSON.parse((await ops('-o', 'json')).stdout)
    expect(all.endpoints).toEqual({ '1.1': `${calculator.url}/calc11`, '1.2': `${calculator.url}/calc12` })
    const v12 = JSON.parse((await ops('-o', 'json', '--soap', '1.2')).stdout)
    expect(v12).toMatchObject({ version: '1.2', endpoints: { '1.2': `${calculator.url}/calc12` } })
    expect(v12.operations.map((operation: { name: string }) => operation.name)).toEqual([
      'Add',
      'Divide',
      'Order',
    ])
    expect(v12.operations[0].input.parameters[0]).toMatchObject({ name: 'a', type: 'int', required: true })
  })

  it.each(['table', 'xml', 'raw'])('-o %s is refused (exit 2) rather than ignored', async (format) => {
    const result = await ops('-o', format)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(
      `error: soap ops prints its list (the default) or JSON; -o ${format} does not apply to it.`,
    )
  })

  it('--soap for a version the WSDL does not bind: exit 2, saying which it does', async () => {
    const result = await runCliInProcess(['soap', 'ops', '--wsdl', RPC_WSDL, '--soap', '1.2'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('error: The WSDL has no SOAP 1.2 binding')
    expect(result.stderr).toContain('bound for SOAP 1.1')
  })
})

describe('soap ops -o json with the built-in profile', () => {
  it('gives no address (the built-in server moves every run), also from the cached WSDL', async () => {
    const env = isolatedEnv()
    for (const run of ['first (reads the WSDL)', 'second (cached)']) {
      const result = await runCliInProcess(['soap', 'ops', '-o', 'json'], { env })
      expect(result.code, run).toBe(0)
      const described = JSON.parse(result.stdout) as { endpoints: unknown; builtin: string }
      expect(described.endpoints, run).toEqual({ '1.1': null, '1.2': null })
      expect(described.builtin, run).toMatch(/built-in reference server \(profile local\)/)
    }
  })
})

describe('-e help says where the endpoint comes from, in SPEC §2 order', () => {
  it.each(['call', 'ops', 'envelope', 'send'])('soap %s --help', async (command) => {
    const help = (await runCliInProcess(['soap', command, '--help'])).stdout.replace(/\s+/g, ' ')
    expect(help).toContain(
      "-e, --endpoint <url> the SOAP endpoint (default, in order: the address in the --wsdl given, the profile's soap URL, the address in the profile's WSDL)",
    )
  })
})
