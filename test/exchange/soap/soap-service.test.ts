import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BufferSink, type Context } from '../../../src/core/context.js'
import type { CachePolicy } from '../../../src/exchange/cache-policy.js'
import { openLazyTarget, readyTarget } from '../../../src/exchange/open-target.js'
import { SoapService } from '../../../src/exchange/soap/soap-service.js'
import type { Target } from '../../../src/exchange/target.js'
import {
  answer,
  envelopeFor,
  type RecordingServer,
  startRecordingServer,
} from '../../protocols/soap/client/support/recording-server.js'
import { FIXTURES } from '../../protocols/soap/client/support/soap-client-support.js'
import { tempDir } from '../../support/temp-dir.js'

/**
 * The one SoapService under the CLI (disk cache per run), the REPL (disk and
 * memory per session) and the library (memory per client), against a
 * purpose-built endpoint that serves the calculator WSDL at /calc?wsdl.
 */
let server: RecordingServer
let wsdlStatus = 200

beforeAll(async () => {
  server = await startRecordingServer((request, response) => {
    if (request.method === 'GET') {
      const text = readFileSync(join(FIXTURES, 'calculator', 'calculator.wsdl'), 'utf8')
      if (wsdlStatus !== 200) answer(response, wsdlStatus, 'text/plain', 'not now')
      else answer(response, 200, 'text/xml', text.replaceAll('{{BASE}}', server.url))
      return
    }
    const reply =
      '<r:AddResponse xmlns:r="http://example.com/calculator"><r:result>3</r:result></r:AddResponse>'
    answer(response, 200, 'text/xml; charset=utf-8', envelopeFor(request, reply))
  })
})
afterAll(() => server.close())
beforeEach(() => {
  server.received.length = 0
  wsdlStatus = 200
})

/** A fresh home (config, cache, data) per use, removed when the file ends. */
function context(): Context & { stderr: BufferSink } {
  const dir = tempDir('apictl-soap-service-')
  return {
    stdout: new BufferSink(),
    stderr: new BufferSink(),
    stdin: process.stdin,
    env: {
      HOME: dir,
      APICTL_CONFIG_DIR: join(dir, 'config'),
      APICTL_CACHE_DIR: join(dir, 'cache'),
      APICTL_DATA_DIR: join(dir, 'data'),
    },
    cwd: dir,
  }
}

function target(parts: Partial<Target>): Target {
  return { profileName: 'calc', builtin: false, profile: {}, close: async () => {}, ...parts }
}

function service(ctx: Context, cache: CachePolicy, parts: Partial<Target>, wsdl?: string) {
  return new SoapService({
    target: readyTarget(target(parts)),
    cache,
    wsdl,
    fetchSettings: () => ({ transport: { timeoutMs: 5000, retry: 0, insecure: false } }),
    noWsdlHint: 'give a WSDL',
    noEndpointHint: 'give an endpoint',
    ctx,
  })
}

const gets = () => server.received.filter((request) => request.method === 'GET').map((request) => request.url)
const posts = () =>
  server.received.filter((request) => request.method === 'POST').map((request) => request.url)
const http = { headers: [], unsetHeaders: [] }

async function add(soap: SoapService, endpoint?: string) {
  const prepared = await soap.prepare({
    operation: 'Add',
    parameters: ['a=1', 'b=2'],
    options: { endpoint },
    http,
    sending: true,
  })
  return soap.send(prepared, { timeoutMs: 5000, retry: 0, insecure: false })
}

describe('the WSDL, per cache policy', () => {
  it('memory (a library client): read once per service, typed answers, nothing written to disk', async () => {
    const ctx = context()
    const soap = service(ctx, 'memory', { soap: `${server.url}/calc` })
    const first = await add(soap)
    expect(first).toMatchObject({ kind: 'result', described: { operation: 'Add' } })
    expect(first.kind === 'result' && first.described.parameters?.map((each) => each.name)).toEqual([
      'result',
    ])
    await add(soap)
    expect(gets()).toEqual(['/calc?wsdl'])
    expect(posts()).toEqual(['/calc', '/calc'])
    expect(existsSync(join(ctx.env.APICTL_CACHE_DIR!, 'wsdl'))).toBe(false)
  })

  it('disk (one CLI run each): the next run reads the cached description, not the WSDL', async () => {
    const ctx = context()
    const parts = { soap: `${server.url}/calc` }
    await add(service(ctx, 'disk', parts))
    const again = service(ctx, 'disk', parts)
    expect((await again.discover(undefined))?.fromCache).toBe(true)
    await add(again)
    expect(gets()).toEqual(['/calc?wsdl'])
    expect(readdirSync(join(ctx.env.APICTL_CACHE_DIR!, 'wsdl'))).toHaveLength(1)
  })

  it('disk+memory (a REPL session): a failed read is tried again by the next use, then kept', async () => {
    const soap = service(context(), 'disk+memory', { wsdl: `${server.url}/calc?wsdl` })
    wsdlStatus = 503
    await expect(soap.description()).rejects.toMatchObject({ exitCode: 5 })
    wsdlStatus = 200
    expect((await soap.description())?.service.operations.map((each) => each.name)).toContain('Add')
    await soap.description()
    expect(gets()).toEqual(['/calc?wsdl', '/calc?wsdl'])
  })

  it('with no WSDL and no endpoint, `<endpoint>?wsdl` cannot be asked: exit 2 with the namespace hint', async () => {
    const soap = service(context(), 'memory', {})
    await expect(soap.message({ operation: 'Add', parameters: [], options: {} })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('No WSDL and no --ns'),
    })
    expect(server.received).toEqual([])
  })
})

describe("SPEC §2's endpoint order, written once", () => {
  const wsdl = () => `${server.url}/calc?wsdl`
  const sent = { sending: true }

  it("-e first; then the target's soap URL; then the address in its WSDL", async () => {
    const ctx = context()
    const withSoap = service(ctx, 'memory', { soap: `${server.url}/profile`, wsdl: wsdl() })
    expect(await withSoap.endpoint('1.1', `${server.url}/given`, sent)).toBe(`${server.url}/given`)
    expect(await withSoap.endpoint('1.1', undefined, sent)).toBe(`${server.url}/profile`)
    expect(gets()).toEqual([])
    const wsdlOnly = service(ctx, 'memory', { wsdl: wsdl() })
    expect(await wsdlOnly.endpoint('1.2', undefined, sent)).toBe(`${server.url}/calc12`)
  })

  it("--wsdl's own address comes before the target's soap URL", async () => {
    const soap = service(context(), 'disk', { soap: `${server.url}/profile` }, wsdl())
    expect(await soap.endpoint('1.1', undefined, sent)).toBe(`${server.url}/calc11`)
  })

  it('none anywhere: exit 2, in the words of the surface; an endpoint that is not http(s) is refused', async () => {
    const soap = service(context(), 'memory', {})
    await expect(soap.endpoint('1.1', undefined, sent)).rejects.toMatchObject({
      exitCode: 2,
      message: 'No SOAP 1.1 endpoint: profile calc has no soap URL and no WSDL gives one.',
      hint: 'give an endpoint',
    })
    await expect(soap.endpoint('1.1', 'ftp://127.0.0.1/soap', sent)).rejects.toMatchObject({ exitCode: 2 })
  })
})

describe("the CLI's built-in target: started once, when first needed, never reopened", () => {
  it("shows `apictl serve`'s address until a WSDL read starts the server; then that server's, with a note", async () => {
    const ctx = context()
    const lazy = await openLazyTarget({ announce: false }, ctx)
    try {
      expect(lazy.current).toMatchObject({ builtin: true, soap: 'http://127.0.0.1:4000/soap' })
      const soap = new SoapService({
        target: lazy,
        cache: 'disk',
        fetchSettings: () => ({ transport: { timeoutMs: 5000, retry: 0, insecure: false } }),
        noWsdlHint: '',
        noEndpointHint: '',
        ctx,
      })
      expect(await soap.endpoint('1.1', undefined, { sending: false })).toBe('http://127.0.0.1:4000/soap')
      expect(lazy.startedOnDemand).toBe(false)
      await soap.description()
      const started = lazy.current
      expect(lazy.startedOnDemand).toBe(true)
      expect(started.soap).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/soap$/)
      expect(started.soap).not.toBe('http://127.0.0.1:4000/soap')
      expect(await soap.endpoint('1.1', undefined, { sending: false })).toBe(started.soap)
      expect(ctx.stderr.text()).toContain('note: the request shows the built-in server this run started')
      expect(await lazy.start()).toBe(started)
    } finally {
      await lazy.close()
    }
  })
})
