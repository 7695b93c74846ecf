import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import soap from 'soap'

export const FIXTURES = join(import.meta.dirname, '..', '..', '..', '..', '..', 'fixtures', 'soap-client')

export interface SeenRequest {
  path: string
  headers: IncomingMessage['headers']
}

export interface CalculatorServer {
  url: string
  /** The WSDL as node-soap serves it (its ports point at /calc11 and /calc12). */
  wsdl: string
  seen: SeenRequest[]
  close(): Promise<void>
}

interface Numbers {
  a: string
  b: string
}

interface OrderInput {
  customer: string
  line: { sku: string; quantity: string } | Array<{ sku: string; quantity: string }>
  note?: string | string[]
}

/** The operations, as node-soap calls them (arguments already parsed from the envelope). */
const operations = {
  Add: ({ a, b }: Numbers) => ({ result: Number(a) + Number(b) }),
  Divide: ({ a, b }: Numbers) => {
    if (Number(b) === 0) {
      throw {
        Fault: { faultcode: 'soap:Client', faultstring: 'cannot divide by zero', detail: { argument: 'b' } },
      }
    }
    return { result: Number(a) / Number(b) }
  },
  Order: ({ line }: OrderInput) => {
    const lines = Array.isArray(line) ? line : [line]
    return {
      lines: lines.length,
      units: lines.reduce((sum, item) => sum + Number(item.quantity), 0),
      paid: false,
    }
  },
}

/**
 * A separate small SOAP service on node-soap (the `soap` package), not
 * apictl's own server: the calculator WSDL with a SOAP 1.1 port at /calc11
 * and a SOAP 1.2 port at /calc12, on a node:http server on port 0.
 */
export async function startCalculator(): Promise<CalculatorServer> {
  const seen: SeenRequest[] = []
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const xml = readFileSync(join(FIXTURES, 'calculator', 'calculator.wsdl'), 'utf8').replaceAll(
    '{{BASE}}',
    url,
  )
  const services = {
    CalculatorService: { CalculatorSoap11Port: operations, CalculatorSoap12Port: operations },
  }
  await Promise.all([
    listen(server, { path: '/calc11', services, xml }),
    listen(server, { path: '/calc12', services, xml, forceSoap12Headers: true }),
  ])
  // node-soap replaces the server's request listeners when it is ready, so record from here on.
  server.prependListener('request', (request) => {
    seen.push({ path: request.url ?? '', headers: request.headers })
  })
  return {
    url,
    wsdl: `${url}/calc11?wsdl`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function listen(server: ReturnType<typeof createServer>, options: Record<string, unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    soap.listen(server, {
      ...options,
      callback: (error: unknown) => (error ? reject(error) : resolve()),
    } as never)
  })
}
