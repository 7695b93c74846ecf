import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer((_request, response) => json(response, 200, { ok: true }))
})
afterAll(() => server.close())

const last = () => server.received.at(-1)!

/** Every value a header was sent with, one per header line, in order. */
function sentValues(name: string): string[] {
  const raw = last().rawHeaders
  return raw.filter((_, index) => index % 2 === 1 && raw[index - 1]!.toLowerCase() === name)
}

describe('repeated headers are all sent, one line each (as HTTPie does)', () => {
  it('items and -H, whatever the case of the name', async () => {
    const result = await runCliInProcess([
      'rest',
      'get',
      `${server.url}/v1/items`,
      'X-A:1',
      'X-A:2',
      '-H',
      'X-C: 3',
      '-H',
      'x-c: 4',
    ])
    expect(result.code).toBe(0)
    expect(sentValues('x-a')).toEqual(['1', '2'])
    expect(sentValues('x-c')).toEqual(['3', '4'])
  })

  it("the command line's still replace a profile's header of the same name; `Name:` drops them all", async () => {
    const env = isolatedEnv()
    await runCliInProcess(['profile', 'add', 'team', '--rest', server.url, '-H', 'X-Team: blue'], { env })
    await runCliInProcess(['rest', 'get', '/v1/items', 'X-Team:red', 'X-Team:green', '--profile', 'team'], {
      env,
    })
    expect(sentValues('x-team')).toEqual(['red', 'green'])
    await runCliInProcess(['rest', 'get', '/v1/items', '-H', 'X-Team: red', 'X-Team:', '--profile', 'team'], {
      env,
    })
    expect(sentValues('x-team')).toEqual([])
  })

  it('-v, --dry-run and --curl show each line', async () => {
    const args = ['rest', 'get', `${server.url}/v1/items`, 'X-A:1', 'X-A:2']
    const verbose = await runCliInProcess([...args, '-v'])
    expect(verbose.stderr).toContain('X-A: 1\nX-A: 2\n')
    expect((await runCliInProcess([...args, '--dry-run'])).stdout).toContain('X-A: 1\nX-A: 2\n')
    expect((await runCliInProcess([...args, '--curl'])).stdout).toContain(
      "--header 'X-A: 1' --header 'X-A: 2'",
    )
  })
})

describe('--data with a Content-Type that is not JSON', () => {
  it('sends the text as it is', async () => {
    const env = isolatedEnv()
    writeFileSync(join(env.HOME!, 'item.xml'), '<item><name>Pen</name></item>')
    const result = await runCliInProcess(
      ['rest', 'post', `${server.url}/v1/items`, '--data', '@item.xml', 'Content-Type:application/xml'],
      { env, cwd: env.HOME },
    )
    expect(result.code).toBe(0)
    expect(last().headers['content-type']).toBe('application/xml')
    expect(last().body).toBe('<item><name>Pen</name></item>')
  })

  it('with no Content-Type, or a JSON one, --data must still be JSON (exit 2, nothing sent)', async () => {
    const before = server.received.length
    for (const extra of [[], ['-H', 'Content-Type: application/merge-patch+json']]) {
      const result = await runCliInProcess([
        'rest',
        'post',
        `${server.url}/v1/items`,
        '--data',
        '<item/>',
        ...extra,
      ])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain('not valid JSON')
    }
    expect(server.received.length).toBe(before)
  })
})

describe('conflicting or empty input is a usage error, nothing sent', () => {
  it.each([
    [['--user', 'bob:x', '--token', 't'], /not --user and --token/],
    [['--token', ''], /--token is empty/],
    [['--user', ''], /--user is empty/],
    [['--page', '2', 'page==9'], /--page 2 and page=9 both set the page/],
    [['--limit', '5', 'limit==3'], /--limit 5 and limit=3 both set the limit/],
  ])('%j', async (extra, message) => {
    const before = server.received.length
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/items`, ...extra])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    expect(server.received.length).toBe(before)
  })

  it('?page= in the URL counts too', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/items?page=9`, '--page', '2'])
    expect(result.code).toBe(2)
  })

  it('--accept keywords are case-insensitive', async () => {
    await runCliInProcess(['rest', 'get', `${server.url}/v1/items`, '--accept', 'XML'])
    expect(last().headers.accept).toBe('application/xml')
    await runCliInProcess(['rest', 'get', `${server.url}/v1/items`, '--accept', 'Json'])
    expect(last().headers.accept).toBe('application/json')
  })
})

describe('the -H hint', () => {
  it("shows the shell's $NAME (a profile's env reference on the command line would be sent literally)", async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/items`, '-H', 'X-Api-Key'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`-H "X-Api-Key: $API_KEY"`)
    expect(result.stderr).not.toContain('${env:')
  })

  it('profile add keeps the env-reference hint, where it works', async () => {
    const result = await runCliInProcess(['profile', 'add', 'p', '--rest', server.url, '-H', 'X-Api-Key'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`-H 'X-Api-Key: \${env:API_KEY}'`)
  })
})
