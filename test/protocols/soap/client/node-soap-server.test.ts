import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../support/run-cli.js'
import { type CalculatorServer, startCalculator } from './support/calculator-server.js'

/** apictl's client against a separate SOAP implementation: node-soap serving its own WSDL. */
let calculator: CalculatorServer

beforeAll(async () => {
  calculator = await startCalculator()
})
afterAll(() => calculator.close())

function soap(...args: string[]) {
  return runCli(['soap', ...args, '--wsdl', calculator.wsdl])
}

const posted = () => calculator.seen.filter((request) => !request.path.includes('?wsdl'))

describe('apictl soap → a node-soap service, by its WSDL', () => {
  it('soap ops reads its operations, both ports and their addresses', async () => {
    const result = await soap('ops')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      `SOAP 1.1: ${calculator.url}/calc11\nSOAP 1.2: ${calculator.url}/calc12\n`,
    )
    expect(result.stdout).toMatch(
      / {2}Add {5}in {3}Add\(a: int, b: int\)\n {10}out {2}AddResponse\(result: int\)/,
    )
    expect(result.stdout).toContain('Order(customer: string, line: Line[], note?: string[])')
  })

  it('SOAP 1.1: Add goes to the 1.1 port and the answer is typed by the WSDL', async () => {
    const before = posted().length
    const result = await soap('call', 'Add', 'a=2', 'b=40', '-o', 'pretty')
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('AddResponse\n  result  42\n')
    const request = posted()[before]!
    expect(request.path).toBe('/calc11')
    expect(request.headers.soapaction).toBe('"http://example.com/calculator/Add"')
  })

  it('SOAP 1.2: the 1.2 port, application/soap+xml, a 1.2 envelope back', async () => {
    const before = posted().length
    const result = await soap('call', 'Add', 'a=2', 'b=3', '--soap', '1.2', '-o', 'json')
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ operation: 'AddResponse', result: { result: 5 } })
    const request = posted()[before]!
    expect(request.path).toBe('/calc12')
    expect(request.headers['content-type']).toBe(
      'application/soap+xml; charset=utf-8; action="http://example.com/calculator/Add"',
    )
    const xml = await soap('call', 'Add', 'a=2', 'b=3', '--soap', '1.2', '-o', 'xml')
    expect(xml.stdout).toContain('xmlns:soap="http://www.w3.org/2003/05/soap-envelope"')
  })

  it('nested and repeated parameters arrive as node-soap reads them', async () => {
    const args = [
      'customer=ann',
      'line.sku=A',
      'line.quantity=2',
      'line.sku=B',
      'line.quantity=3',
      'note=x',
      'note=y',
    ]
    const result = await soap('call', 'Order', ...args, '-o', 'json')
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout).result).toEqual({ lines: 2, units: 5, paid: false })
  })

  it("node-soap's fault for a division by zero: one block, exit 4 (Client)", async () => {
    const result = await soap('call', 'Divide', 'a=1', 'b=0', '-o', 'pretty')
    expect(result.code).toBe(4)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe('SOAP fault (Client): cannot divide by zero\n  detail:  argument  b\n')
  })
})
