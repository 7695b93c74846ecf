// PHP's SoapServer (Debian php-cli + php-soap), unmodified, serving a WSDL with a SOAP 1.1 and a
// SOAP 1.2 port, its handler throwing every fault code a handler can throw: apictl calls it over
// both versions and exits by the fault's class (SPEC §3: Client/Sender, VersionMismatch and
// MustUnderstand 4; Server/Receiver 5).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { missingTool, type StockProcess, sayWhySkipped, startStockProcess } from '../support/stock-process.js'
import { tempDir } from '../support/temp-dir.js'

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures')
const script = join(fixtures, 'witnesses', 'php-soap', 'server.php')
const wsdlSource = join(fixtures, 'soap-client', 'calculator', 'calculator.wsdl')
const missing = missingTool(
  'php',
  ['-r', 'exit(class_exists("SoapServer") ? 0 : 1);'],
  'apt-get install -y php-cli php-soap',
)
sayWhySkipped('PHP SoapServer', missing)

describe.skipIf(missing !== undefined)("PHP's SoapServer as a witness", () => {
  let server: StockProcess
  let wsdl: string
  beforeAll(async () => {
    const folder = tempDir('apictl-php-soap-')
    const wsdlFile = join(folder, 'calculator.wsdl')
    server = await startStockProcess({
      command: 'php',
      args: (port) => {
        // The WSDL's addresses name the port PHP is about to listen on.
        writeFileSync(
          wsdlFile,
          readFileSync(wsdlSource, 'utf8').replaceAll('{{BASE}}', `http://127.0.0.1:${port}`),
        )
        return ['-d', 'soap.wsdl_cache_enabled=0', '-S', `127.0.0.1:${port}`, script]
      },
      env: { WITNESS_WSDL: wsdlFile },
      ready: /Development Server \(http:\/\/127\.0\.0\.1:\d+\) started/,
    })
    wsdl = `${server.url}/calculator?wsdl`
  })
  afterAll(() => server?.stop())

  const call = (version: string, ...args: string[]) =>
    runCliInProcess(['soap', 'call', ...args, '--wsdl', wsdl, '--soap', version, '-o', 'json'])

  it.each(['1.1', '1.2'])(
    'SOAP %s: an answer, read by the WSDL (numbers typed, repeated elements as a list)',
    async (version) => {
      const add = await call(version, 'Add', 'a=2', 'b=40')
      expect(add.code, add.stderr).toBe(0)
      expect(JSON.parse(add.stdout)).toEqual({ operation: 'AddResponse', result: { result: 42 } })
      const order = await call(
        version,
        'Order',
        'customer=Ann',
        'line.sku=a',
        'line.quantity=2',
        'line.sku=b',
        'line.quantity=3',
      )
      expect(order.code, order.stderr).toBe(0)
      expect(JSON.parse(order.stdout)).toEqual({
        operation: 'OrderResponse',
        result: { lines: 2, units: 5, paid: false },
      })
    },
  )

  it.each([
    ['1.1', -1, 'Client', 4],
    ['1.1', -2, 'Server', 5],
    ['1.1', -3, 'VersionMismatch', 4],
    ['1.1', -4, 'MustUnderstand', 4],
    ['1.2', -1, 'Sender', 4],
    ['1.2', -2, 'Receiver', 5],
    ['1.2', -3, 'VersionMismatch', 4],
    ['1.2', -4, 'MustUnderstand', 4],
  ])('SOAP %s: the handler throws fault %d → %s, exit %d', async (version, a, code, exit) => {
    const thrown = ['Client', 'Server', 'VersionMismatch', 'MustUnderstand'][-a - 1]
    const result = await call(version, 'Add', `a=${a}`, 'b=1')
    expect(result.code, result.stderr).toBe(exit)
    expect(JSON.parse(result.stdout)).toEqual({
      fault: {
        code,
        string: `fault ${thrown} thrown by the handler`,
        actor: null,
        detail: `detail of ${thrown}`,
        version,
      },
    })
  })

  it('a fault on a terminal-less run prints the fault class on stderr', async () => {
    const result = await runCliInProcess(['soap', 'call', 'Divide', 'a=1', 'b=0', '--wsdl', wsdl])
    expect(result.code).toBe(4)
    expect(result.stderr).toContain('SOAP fault (Client): division by zero')
  })
})
