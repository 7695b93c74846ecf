import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { json, type Received, startTestServer, type TestServer } from '../support/test-server.js'

/** A server that logs in with cookies and tells each request what it was sent. */
let server: TestServer
let other: TestServer
const SID = 's3ss10n-value'

const echo = (request: Received) => ({
  cookie: request.headers.cookie ?? null,
  team: request.headers['x-team'] ?? null,
})

beforeAll(async () => {
  const handler = (request: Received, response: Parameters<Parameters<typeof startTestServer>[0]>[1]) => {
    if (request.url === '/login') {
      return json(
        response,
        200,
        { ok: true },
        {
          'set-cookie': [
            `sid=${SID}; Path=/; HttpOnly`,
            'theme=dark; Max-Age=3600; Path=/',
            'tracker=1; Domain=example.com; Path=/',
          ] as unknown as string,
        },
      )
    }
    if (request.url === '/logout') {
      return json(response, 200, { ok: true }, { 'set-cookie': 'sid=; Max-Age=0; Path=/' })
    }
    if (request.url === '/graphql') return json(response, 200, { data: echo(request) })
    return json(response, 200, echo(request))
  }
  server = await startTestServer(handler)
  other = await startTestServer(handler)
})
afterAll(async () => {
  await server.close()
  await other.close()
})

describe('--session NAME', () => {
  it('keeps cookies and headers in a 0600 file and sends them on later runs, headers to that host only', async () => {
    const env = isolatedEnv()
    const login = await runCli(
      ['rest', 'get', `${server.url}/login`, '--session', 'work', '-H', 'X-Team: blue'],
      {
        env,
      },
    )
    expect(login.code).toBe(0)
    const file = join(env.APICTL_CONFIG_DIR!, 'sessions', 'work.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)

    const me = await runCli(['rest', 'get', `${server.url}/me`, '--session', 'work', '-v'], { env })
    expect(JSON.parse(me.stdout)).toEqual({ cookie: `sid=${SID}; theme=dark`, team: 'blue' })
    // -v shows the cookie's name, never its value.
    expect(me.stderr).toMatch(/Cookie: sid=••••; theme=••••/)
    expect(me.stderr).not.toContain(SID)

    const gql = await runCli(
      ['gql', '-e', `${server.url}/graphql`, '{ cookie team }', '--no-validate', '--session', 'work'],
      {
        env,
      },
    )
    expect(JSON.parse(gql.stdout)).toEqual({ cookie: `sid=${SID}; theme=dark`, team: 'blue' })

    // As HTTPie users type it: the session before the command.
    const first = await runCli(['--session', 'work', 'rest', `${server.url}/me`], { env })
    expect(JSON.parse(first.stdout)).toEqual({ cookie: `sid=${SID}; theme=dark`, team: 'blue' })

    // Headers are kept per host and port; cookies by RFC 6265's rules, which do not isolate ports.
    const elsewhere = await runCli(['rest', 'get', `${other.url}/me`, '--session', 'work'], { env })
    expect(JSON.parse(elsewhere.stdout)).toEqual({ cookie: `sid=${SID}; theme=dark`, team: null })
    // Without --session nothing is sent.
    const plain = await runCli(['rest', 'get', `${server.url}/me`], { env })
    expect(JSON.parse(plain.stdout)).toEqual({ cookie: null, team: null })
  })

  it('follows the cookie rules: a deleted cookie goes, a cookie for another domain never comes', async () => {
    const env = isolatedEnv()
    await runCli(['rest', 'get', `${server.url}/login`, '--session', 'rules'], { env })
    const file = join(env.APICTL_CONFIG_DIR!, 'sessions', 'rules.json')
    expect(readFileSync(file, 'utf8')).not.toContain('tracker')
    await runCli(['rest', 'get', `${server.url}/logout`, '--session', 'rules'], { env })
    const me = await runCli(['rest', 'get', `${server.url}/me`, '--session', 'rules'], { env })
    expect(JSON.parse(me.stdout)).toEqual({ cookie: 'theme=dark', team: null })
  })

  it('a session given as a path is that file; a bad name is a usage error (exit 2)', async () => {
    const env = isolatedEnv()
    const path = join(env.HOME!, 'my-session.json')
    await runCli(['rest', 'get', `${server.url}/login`, '--session', path], { env })
    const me = await runCli(['rest', 'get', `${server.url}/me`, '--session', path], { env })
    expect(JSON.parse(me.stdout).cookie).toBe(`sid=${SID}; theme=dark`)
    const bad = await runCli(['rest', 'get', `${server.url}/me`, '--session', 'two words'], { env })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/not a session name/)
  })

  it('a session file that is not one is refused with its name, and its content never shown', async () => {
    const env = isolatedEnv()
    const path = join(env.HOME!, 'broken.json')
    writeFileSync(path, '{"version": 1, "hosts": "Authorization: Bearer very-secret-token"')
    const result = await runCli(['rest', 'get', `${server.url}/me`, '--session', path], { env })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`The session file ${path} is not one apictl can read`)
    expect(result.stderr).not.toContain('very-secret-token')
  })
})

describe('cookies without a named session', () => {
  it('a REPL session keeps the cookies a server sets for its later requests', async () => {
    const result = await runCli(['repl'], {
      input: `get ${server.url}/login\nget ${server.url}/me\n`,
    })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`"cookie": "sid=${SID}; theme=dark"`)
  })

  it('apictl repl --session NAME keeps them from one REPL session to the next', async () => {
    const env = isolatedEnv()
    await runCli(['repl', '--session', 'desk'], { env, input: `get ${server.url}/login X-Team:red\n` })
    const next = await runCli(['repl', '--session', 'desk'], { env, input: `get ${server.url}/me\n` })
    expect(next.stdout).toContain(`"cookie": "sid=${SID}; theme=dark"`)
    expect(next.stdout).toContain('"team": "red"')
  })

  it('a library client keeps them too', async () => {
    const api = createClient({ rest: server.url, env: isolatedEnv() })
    await api.rest.get('/login')
    const me = await api.rest.get<{ cookie: string | null }>('/me')
    expect(me.data?.cookie).toBe(`sid=${SID}; theme=dark`)
    await api.close()
  })
})
