import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

const SECRET_TOKEN = 'tok-3f9a1c77e2'
let server: TestServer
let issued = 0

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.url === '/oauth/token') {
      const ok =
        request.headers.authorization === `Basic ${Buffer.from('app:s3cret-value').toString('base64')}`
      if (!ok || !request.body.includes('grant_type=client_credentials')) {
        json(response, 401, { error: 'invalid_client' })
        return
      }
      issued += 1
      json(response, 200, {
        access_token: `${SECRET_TOKEN}-${issued}`,
        token_type: 'Bearer',
        expires_in: 3600,
      })
      return
    }
    json(response, 200, { auth: request.headers.authorization ?? null })
  })
})
afterAll(() => server.close())

const oauthArgs = () => [
  '--oauth2',
  `${server.url}/oauth/token`,
  '--client-id',
  'app',
  '--client-secret',
  's3cret-value',
]

describe('auth', () => {
  it('--user sends Basic and --token sends Bearer', async () => {
    const basic = await runCliInProcess(['rest', 'get', `${server.url}/me`, '--user', 'demo:pa55'])
    expect(JSON.parse(basic.stdout)).toEqual({ auth: `Basic ${Buffer.from('demo:pa55').toString('base64')}` })
    const bearer = await runCliInProcess(['rest', 'get', `${server.url}/me`, '--token', 'abc.def.ghi'])
    expect(JSON.parse(bearer.stdout)).toEqual({ auth: 'Bearer abc.def.ghi' })
  })

  it('fetches the OAuth token once across two runs, and again after it expires', async () => {
    const env = isolatedEnv()
    const before = issued
    const first = await runCliInProcess(['rest', 'get', `${server.url}/me`, ...oauthArgs()], { env })
    expect(first.code).toBe(0)
    expect(JSON.parse(first.stdout)).toEqual({ auth: `Bearer ${SECRET_TOKEN}-${before + 1}` })
    const second = await runCliInProcess(['rest', 'get', `${server.url}/me`, ...oauthArgs()], { env })
    expect(JSON.parse(second.stdout)).toEqual({ auth: `Bearer ${SECRET_TOKEN}-${before + 1}` })
    expect(issued - before).toBe(1)

    const cacheFile = join(env.APICTL_CACHE_DIR!, 'tokens.json')
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600)
    expect(readFileSync(cacheFile, 'utf8')).not.toContain('s3cret-value')
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as {
      tokens: Record<string, { expiresAt: number }>
    }
    for (const entry of Object.values(cache.tokens)) entry.expiresAt = Date.now() - 1_000
    writeFileSync(cacheFile, JSON.stringify(cache))

    const third = await runCliInProcess(['rest', 'get', `${server.url}/me`, ...oauthArgs()], { env })
    expect(JSON.parse(third.stdout)).toEqual({ auth: `Bearer ${SECRET_TOKEN}-${before + 2}` })
    expect(issued - before).toBe(2)
  })

  it('a refused client is exit 4 with a hint', async () => {
    const result = await runCliInProcess([
      'rest',
      'get',
      `${server.url}/me`,
      '--oauth2',
      `${server.url}/oauth/token`,
      '--client-id',
      'app',
      '--client-secret',
      'wrong',
    ])
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(/invalid_client/)
    expect(result.stderr).toMatch(/--client-secret/)
  })

  it('-v shows heads and timings but never a token or password', async () => {
    const env = isolatedEnv()
    const runs = [
      await runCliInProcess(['rest', 'get', `${server.url}/me`, '-v', '--user', 'demo:hunter2-pass'], {
        env,
      }),
      await runCliInProcess(
        ['rest', 'get', `${server.url}/me?access_token=qs-secret-1`, '-v', '--token', 'jwt-secret-xyz'],
        { env },
      ),
      await runCliInProcess(['rest', 'get', `${server.url}/me`, '-v', ...oauthArgs()], { env }),
    ]
    for (const run of runs) {
      expect(run.code).toBe(0)
      expect(run.stderr).toMatch(/GET \/me/)
      expect(run.stderr).toMatch(/HTTP\/1\.1 200 OK/)
      expect(run.stderr).toMatch(/total [\d.]+ ms/)
      expect(run.stderr).toMatch(/Authorization: (Basic|Bearer) /i)
      for (const secret of [
        'hunter2-pass',
        'ZGVtbzpodW50ZXIyLXBhc3M',
        'jwt-secret-xyz',
        'qs-secret-1',
        SECRET_TOKEN,
        's3cret-value',
      ]) {
        expect(run.stderr).not.toContain(secret)
      }
    }
  })
})
