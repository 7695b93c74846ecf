import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../../../src/index.js'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { isolatedEnv, runCli } from '../../../support/run-cli.js'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { envWithProfiles } from './support/soap-client-support.js'

/** With a SOAP endpoint but no WSDL configured, apictl asks the endpoint for its own (`?wsdl`), as zeep users expect. */
let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0, env: {} })
})
afterAll(() => server.close())

describe('apictl soap with a profile that has only a soap URL', () => {
  it('reads <endpoint>?wsdl, calls with its namespace and types, and caches it like any WSDL', async () => {
    const env = envWithProfiles({ only: { soap: `${server.url}/soap` } })
    const first = await runCliInProcess(['soap', 'call', 'GetItem', 'id=1', '-o', 'json', '-v'], { env })
    expect(first.code).toBe(0)
    expect(first.stderr).toContain(`* WSDL ${server.url}/soap?wsdl (read now)`)
    expect(JSON.parse(first.stdout)).toMatchObject({
      operation: 'GetItemResponse',
      result: { item: { id: '1', price: 89.99 } },
    })
    expect(readdirSync(join(env.APICTL_CACHE_DIR!, 'wsdl'))).toHaveLength(1)
    const again = await runCliInProcess(['soap', 'call', 'GetItem', 'id=2', '-v'], { env })
    expect(again.code).toBe(0)
    expect(again.stderr).toMatch(/\* WSDL http:\/\/127\.0\.0\.1:\d+\/soap\?wsdl \(cached /)
    const ops = await runCliInProcess(['soap', 'ops'], { env })
    expect(ops.code).toBe(0)
    expect(ops.stdout).toContain('GetItem(id: string)')
  })

  it('when the endpoint has no WSDL: exit 2, saying which URL was tried and what to give instead', async () => {
    const env = envWithProfiles({ only: { soap: `${server.url}/nothing-here` } })
    const result = await runCliInProcess(['soap', 'call', 'GetItem', 'id=1'], { env })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      `error: No WSDL was given, and none came from ${server.url}/nothing-here?wsdl: Fetching the WSDL answered HTTP 404 Not Found.`,
    )
    expect(result.stderr).toContain('--wsdl URL|FILE')
    expect(result.stderr).toContain('--ns URI')
  })

  it('-e with no WSDL anywhere asks that endpoint too; with --ns none is fetched', async () => {
    const env = isolatedEnv()
    const endpoint = ['-e', `${server.url}/soap`, '--profile', 'nowhere']
    const profiles = envWithProfiles({ nowhere: {} })
    const viaEndpoint = await runCliInProcess(['soap', 'call', 'GetItem', 'id=1', ...endpoint], {
      env: profiles,
    })
    expect(viaEndpoint.stderr).toBe('')
    expect(viaEndpoint.code).toBe(0)
    const withNs = await runCliInProcess(
      ['soap', 'envelope', 'GetItem', 'id=1', '--ns', 'urn:x', '-e', 'http://127.0.0.1:9/s'],
      {
        env,
      },
    )
    expect(withNs.code).toBe(0)
  })
})

describe('SPEC §9: createClient({ graphql, rest, soap }) against apictl serve', () => {
  it("api.soap.call('GetItem', { id: '1' }) works without a wsdl option", async () => {
    const api = createClient({
      graphql: `${server.url}/graphql`,
      rest: server.url,
      soap: `${server.url}/soap`,
      env: isolatedEnv(),
    })
    try {
      const out = await api.soap.call('GetItem', { id: '1' })
      expect(out.error).toBeUndefined()
      expect(out.data?.operation).toBe('GetItemResponse')
      expect(out.data?.result.item).toMatchObject({ id: '1', tags: ['electronics', 'office'] })
      const v12 = await api.soap.call('GetItem', { id: 'nope' }, { version: '1.2' })
      expect(v12.fault).toMatchObject({ code: 'Sender' })
    } finally {
      await api.close()
    }
  })

  it('an endpoint without a WSDL is { error } naming the URL tried and the wsdl/namespace options', async () => {
    const api = createClient({ soap: `${server.url}/nothing-here`, env: isolatedEnv() })
    try {
      const out = await api.soap.call('GetItem', { id: '1' })
      expect(out.error).toMatchObject({ exitCode: 2, where: `${server.url}/nothing-here?wsdl` })
      expect(out.error?.message).toContain(`none came from ${server.url}/nothing-here?wsdl`)
      expect(out.error?.hint).toContain('createClient({ soap, wsdl })')
      expect(out.error?.hint).toContain('{ namespace }')
    } finally {
      await api.close()
    }
  })
})

describe('--dry-run and --curl with the built-in profile', () => {
  it('show the address of the server this run started (to read its WSDL), with a note; 4000 once the WSDL is cached', async () => {
    const env = isolatedEnv()
    const cold = await runCli(['soap', 'call', 'GetItem', 'id=1', '--dry-run'], { env })
    expect(cold.code).toBe(0)
    const started = /started the built-in reference server at http:\/\/127\.0\.0\.1:(\d+)/.exec(cold.stderr)
    expect(started).not.toBeNull()
    expect(cold.stdout).toContain(`Host: 127.0.0.1:${started![1]}\n`)
    expect(cold.stderr).toContain(
      'note: the request shows the built-in server this run started (to read its WSDL), which stops when apictl exits; `apictl serve` listens on http://127.0.0.1:4000 and stays.',
    )
    const warm = await runCli(['soap', 'call', 'GetItem', 'id=1', '--curl'], { env })
    expect(warm.code).toBe(0)
    expect(warm.stderr).toBe('')
    expect(warm.stdout).toContain(' http://127.0.0.1:4000/soap ')
  })

  it('--curl on a cold cache prints the live address too', async () => {
    const cold = await runCli(['soap', 'call', 'GetItem', 'id=1', '--curl'])
    const started = /started the built-in reference server at (http:\/\/127\.0\.0\.1:\d+)/.exec(cold.stderr)
    expect(cold.stdout).toContain(` ${started![1]}/soap `)
    expect(cold.stderr).toContain('note: the request shows the built-in server this run started')
  })
})
