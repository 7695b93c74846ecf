// A library client's cache policy is `memory`: its GraphQL schemas, WSDLs and OAuth 2.0 tokens live as long
// as the client, and nothing is written to the cache dir (DESIGN.md: "memory per library client").
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { demoClient } from '../../src/server/kit/auth/credentials.js'
import { type RunningServer, startServer } from '../../src/server/reference/start-server.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { tempDir } from '../support/temp-dir.js'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0, env: {} })
})
afterAll(() => server.close())

function isolated() {
  const home = tempDir('apictl-lib-cache-')
  const cacheDir = join(home, 'cache')
  const env = {
    HOME: home,
    APICTL_CONFIG_DIR: join(home, 'config'),
    APICTL_CACHE_DIR: cacheDir,
    APICTL_DATA_DIR: join(home, 'data'),
  }
  const written = () => (existsSync(cacheDir) ? readdirSync(cacheDir, { recursive: true }) : [])
  return { env, written }
}

describe('a library client keeps what it learns in memory, and the cache dir stays empty', () => {
  it('REST with an OAuth 2.0 token, a validated GraphQL query, a SOAP call from the WSDL', async () => {
    const { env, written } = isolated()
    const client = createClient({
      rest: server.url,
      graphql: `${server.url}/graphql`,
      soap: `${server.url}/soap`,
      wsdl: `${server.url}/soap?wsdl`,
      oauth2: { tokenUrl: `${server.url}/oauth/token`, ...demoClient },
      env,
    })
    try {
      const created = await client.rest.post<{ id: string }>('/v1/items', {
        body: { name: 'Memo', price: 1 },
      })
      expect(created.status, JSON.stringify(created.error)).toBe(201)
      for (let round = 0; round < 2; round++) {
        const listed = await client.rest.get<unknown[]>('/v1/items', { query: { limit: 2 } })
        expect(listed.status).toBe(200)
        const counted = await client.query<{ itemCount: number }>('{ itemCount }')
        expect(counted.error).toBeUndefined()
        expect(counted.data?.itemCount).toBeGreaterThan(0)
        // Validated against the schema the client introspected: a wrong field is refused before sending.
        const wrong = await client.query('{ itemCont }')
        expect(wrong.error?.exitCode).toBe(2)
        const item = await client.soap.call<{ item: { name: string } }>('GetItem', { id: created.data!.id })
        expect(JSON.stringify(item)).toContain('Memo')
      }
    } finally {
      await client.close()
    }
    expect(written()).toEqual([])
  })

  it('while the CLI, with the same settings, keeps its schema and token on disk (so the test above can fail)', async () => {
    const { env, written } = isolated()
    const oauth = ['--oauth2', `${server.url}/oauth/token`, '--client-id', demoClient.clientId]
    const result = await runCliInProcess(
      [
        'gql',
        '-e',
        `${server.url}/graphql`,
        '{ itemCount }',
        ...oauth,
        '--client-secret',
        demoClient.clientSecret,
      ],
      { env },
    )
    expect(result.code, result.stderr).toBe(0)
    expect(written().length).toBeGreaterThan(0)
  })
})
