import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer((request, response) => json(response, 200, { url: request.url }))
})
afterAll(() => server.close())

describe('apictl rest lint PATH', () => {
  it('prints its findings and a suggestion on stdout, short and readable; exit 0', async () => {
    const result = await runCliInProcess(['rest', 'lint', '/v1/items/createItem'])
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    expect(result.stdout).toBe(
      [
        'lint: /v1/items/createItem',
        "  - 'createItem' has upper-case letters (lowercase)",
        "  - 'createItem' is an action; let the method (POST) say it (no-verbs)",
        '  suggested: POST /v1/items',
        '',
      ].join('\n'),
    )
  })

  it('a clean path: says so on stdout, exit 0', async () => {
    const result = await runCliInProcess(['rest', 'lint', '/v1/items/1/reviews'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('/v1/items/1/reviews: follows the conventions\n')
  })

  it('no suggestion when there is no sensible one', async () => {
    const result = await runCliInProcess(['rest', 'lint', '/v1/v1.2/items'])
    expect(result.stdout).toBe(
      "lint: /v1/v1.2/items\n  - 'v1.2' is a second version segment (version-first)\n",
    )
  })

  it('--help says where the findings go and that they never fail', async () => {
    const result = await runCliInProcess(['rest', '--help'])
    expect(result.stdout).toMatch(
      /rest lint PATH` prints its findings \(and a suggested path\) on stdout and exits 0/,
    )
  })
})

describe('before a request', () => {
  it("to the profile's REST API: the findings go to stderr, and the request is still sent", async () => {
    const env = isolatedEnv()
    await runCliInProcess(['profile', 'add', 'api', '--rest', server.url], { env })
    const result = await runCliInProcess(['rest', 'get', '/v1/users/list', '--profile', 'api'], { env })
    expect(result.code).toBe(0)
    expect(result.stderr).toContain("lint: /v1/users/list\n  - 'list' is an action")
    expect(JSON.parse(result.stdout)).toEqual({ url: '/v1/users/list' })
  })

  it("a full URL under the profile's REST base is the profile's API too: checked after the base", async () => {
    const env = isolatedEnv()
    await runCliInProcess(['profile', 'add', 'api', '--rest', `${server.url}/api`], { env })
    const result = await runCliInProcess(
      ['rest', 'get', `${server.url}/api/v1/users/list`, '--profile', 'api'],
      {
        env,
      },
    )
    expect(result.stderr).toContain("lint: /v1/users/list\n  - 'list' is an action")
  })

  it("a full URL to another API: not checked (its conventions are not the team's); --lint checks it", async () => {
    const env = isolatedEnv()
    await runCliInProcess(['profile', 'add', 'api', '--rest', 'http://127.0.0.1:9/api'], { env })
    for (const profile of [[], ['--profile', 'api']]) {
      const quiet = await runCliInProcess(['rest', 'get', `${server.url}/Users/getAll.json`, ...profile], {
        env,
      })
      expect(quiet.code).toBe(0)
      expect(quiet.stderr).toBe('')
    }
    const asked = await runCliInProcess(['rest', 'get', `${server.url}/Users/getAll.json`, '--lint'])
    expect(asked.code).toBe(0)
    expect(asked.stderr).toContain('lint: /Users/getAll.json\n')
  })

  it('never on the OAuth token endpoint or /.well-known (names a standard fixes)', async () => {
    const env = isolatedEnv()
    await runCliInProcess(['profile', 'add', 'api', '--rest', server.url], { env })
    for (const path of ['/oauth/token', '/oauth2/token', '/.well-known/openid-configuration']) {
      const result = await runCliInProcess(
        ['rest', 'post', path, 'grant_type=client_credentials', '--profile', 'api'],
        {
          env,
        },
      )
      expect(result.code).toBe(0)
      expect(result.stderr).toBe('')
    }
  })

  it("only the path the user typed is checked, not the profile's base path", async () => {
    const env = isolatedEnv()
    await runCliInProcess(['profile', 'add', 'api', '--rest', `${server.url}/API_Base`], { env })
    const result = await runCliInProcess(['rest', 'get', '/v1/items', '--profile', 'api'], { env })
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual({ url: '/API_Base/v1/items' })
  })

  it('--api-version rewrites the typed path under a base path too', async () => {
    const env = isolatedEnv()
    await runCliInProcess(['profile', 'add', 'api', '--rest', `${server.url}/api`], { env })
    const result = await runCliInProcess(
      ['rest', 'get', '/v1/items', '--api-version', '2', '--profile', 'api'],
      {
        env,
      },
    )
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual({ url: '/api/v2/items' })
  })

  it('--no-lint silences them', async () => {
    const env = isolatedEnv()
    await runCliInProcess(['profile', 'add', 'api', '--rest', server.url], { env })
    const result = await runCliInProcess(['rest', 'get', '/v1/users/list', '--no-lint', '--profile', 'api'], {
      env,
    })
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
  })
})
