import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer((request, response) =>
    json(response, 200, { ok: true, echo: request.method }),
  )
})
afterAll(() => server.close())

function last() {
  return server.received.at(-1)!
}

describe('apictl rest: request items reach the server', () => {
  it('sends headers, query parameters, string and raw JSON fields, nested paths', async () => {
    const result = await runCliInProcess([
      'rest',
      'post',
      `${server.url}/v1/items`,
      'X-Trace:abc',
      'q==pen',
      'tag==a',
      'tag==b',
      'name=Pen',
      'price:=2.5',
      'tags:=["office","blue"]',
      'meta[owner][name]=ann',
      'meta[sizes][]=S',
      'meta[sizes][]=M',
      'meta[count]:=3',
    ])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const received = last()
    expect(received.method).toBe('POST')
    expect(received.url).toBe('/v1/items?q=pen&tag=a&tag=b')
    expect(received.headers['x-trace']).toBe('abc')
    expect(received.headers['content-type']).toBe('application/json')
    expect(received.headers.accept).toBe('application/json')
    expect(JSON.parse(received.body)).toEqual({
      name: 'Pen',
      price: 2.5,
      tags: ['office', 'blue'],
      meta: { owner: { name: 'ann' }, sizes: ['S', 'M'], count: 3 },
    })
    expect(JSON.parse(result.stdout)).toEqual({ ok: true, echo: 'POST' })
  })

  it('reads field values from files with =@ and :=@', async () => {
    const env = isolatedEnv()
    const dir = env.HOME!
    writeFileSync(join(dir, 'note.txt'), 'hello from a file')
    writeFileSync(join(dir, 'dims.json'), '{"w": 2, "h": [1, 2]}')
    const result = await runCliInProcess(
      ['rest', 'put', `${server.url}/v1/items/1`, 'note=@note.txt', 'dims:=@dims.json'],
      {
        env,
        cwd: dir,
      },
    )
    expect(result.code).toBe(0)
    expect(JSON.parse(last().body)).toEqual({ note: 'hello from a file', dims: { w: 2, h: [1, 2] } })
  })

  it('removes a default header with `Name:` and sends profile headers otherwise', async () => {
    const env = isolatedEnv()
    const add = await runCliInProcess(
      ['profile', 'add', 'test', '--rest', server.url, '-H', 'X-Team: blue', '-H', 'X-Drop: me'],
      {
        env,
      },
    )
    expect(add.code).toBe(0)
    const result = await runCliInProcess(
      ['rest', 'get', '/v1/items', 'X-Drop:', 'User-Agent:', '--profile', 'test'],
      {
        env,
      },
    )
    expect(result.code).toBe(0)
    expect(last().headers['x-team']).toBe('blue')
    expect(last().headers['x-drop']).toBeUndefined()
    expect(last().headers['user-agent']).toBeUndefined()
  })

  it('takes the body from --data JSON, @file and stdin', async () => {
    const env = isolatedEnv()
    writeFileSync(join(env.HOME!, 'body.json'), '{"from":"file"}')
    await runCliInProcess(['rest', 'post', `${server.url}/a`, '--data', '{"from":"arg"}'], { env })
    expect(JSON.parse(last().body)).toEqual({ from: 'arg' })
    await runCliInProcess(['rest', 'post', `${server.url}/a`, '--data', '@body.json'], { env, cwd: env.HOME })
    expect(JSON.parse(last().body)).toEqual({ from: 'file' })
    await runCliInProcess(['rest', 'post', `${server.url}/a`, '--data', '-'], {
      env,
      input: '{"from":"stdin"}',
    })
    expect(JSON.parse(last().body)).toEqual({ from: 'stdin' })
  })

  it('accepts any method case, --page/--limit, --accept and --api-version', async () => {
    const result = await runCliInProcess([
      'rest',
      'GeT',
      `${server.url}/v1/items`,
      '--page',
      '2',
      '--limit',
      '5',
      '--accept',
      'xml',
      '--api-version',
      '2',
    ])
    expect(result.code).toBe(0)
    expect(last().method).toBe('GET')
    expect(last().url).toBe('/v2/items?page=2&limit=5')
    expect(last().headers.accept).toBe('application/xml')
  })

  it('refuses a malformed raw JSON item with exit 2 and sends nothing', async () => {
    const before = server.received.length
    const result = await runCliInProcess(['rest', 'post', `${server.url}/v1/items`, 'price:=2,5'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/price/)
    expect(result.stderr).not.toMatch(/\n\s+at /)
    expect(server.received.length).toBe(before)
  })
})
