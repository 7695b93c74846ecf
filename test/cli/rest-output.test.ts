import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

/** The start of an ANSI colour sequence. */
const ESC = '\u001b['
let server: TestServer
const xml =
  '<?xml version="1.0"?><items><item id="1"><name>Pen</name></item><item id="2"><name>Mug</name></item></items>'

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.url === '/xml') {
      response.writeHead(200, { 'content-type': 'application/xml' })
      response.end(xml)
    } else if (request.url === '/xml-one' || request.url === '/xml-single') {
      response.writeHead(200, { 'content-type': 'application/xml' })
      const item = '<item id="7"><name>Lamp</name><price>12</price></item>'
      response.end(request.url === '/xml-one' ? `<items>${item}</items>` : item)
    } else if (request.url === '/envelope') {
      response.writeHead(200, { 'content-type': 'application/json' })
      const data = [
        { id: '1', title: 'first' },
        { id: '2', title: 'second' },
      ]
      response.end(JSON.stringify({ first: 1, prev: null, next: 2, last: 5, pages: 5, items: 46, data }))
    } else if (request.url === '/binary') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' })
      response.end(Buffer.from([0, 1, 2, 3, 255]))
    } else if (request.url === '/wide') {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify([{ id: 1, note: 'word '.repeat(40).trim() }]))
    } else if (request.method === 'OPTIONS') {
      response.writeHead(204, { allow: 'GET, HEAD, OPTIONS' })
      response.end()
    } else {
      response.writeHead(200, { 'content-type': 'application/json', 'x-custom': 'yes' })
      response.end(
        request.method === 'HEAD' ? undefined : '{"id":"1","big":12345678901234567890,"tags":["a","b"]}',
      )
    }
  })
})
afterAll(() => server.close())

describe('output formats', () => {
  it('piped output is plain indented JSON, big numbers kept exactly', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/one`])
    expect(result.stdout).toBe(
      '{\n  "id": "1",\n  "big": 12345678901234567890,\n  "tags": [\n    "a",\n    "b"\n  ]\n}\n',
    )
    expect(result.stdout).not.toContain(ESC)
  })

  it('FORCE_COLOR colours it; --no-color wins over FORCE_COLOR', async () => {
    const coloured = await runCliInProcess(['rest', 'get', `${server.url}/one`], {
      env: isolatedEnv({ FORCE_COLOR: '1' }),
    })
    expect(coloured.stdout).toContain(ESC)
    const plain = await runCliInProcess(['rest', 'get', `${server.url}/one`, '--no-color'], {
      env: isolatedEnv({ FORCE_COLOR: '1' }),
    })
    expect(plain.stdout).not.toContain(ESC)
  })

  it('-o raw prints the bytes as received', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/one`, '-o', 'raw'])
    expect(result.stdout).toBe('{"id":"1","big":12345678901234567890,"tags":["a","b"]}')
  })

  it('-o table shows a single object as key/value rows', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/one`, '-o', 'table'])
    expect(result.stdout).toMatch(/│ id\s+│ 1\s+│/)
    expect(result.stdout).toMatch(/│ tags\s+│ \["a","b"\]\s+│/)
  })

  it('-o table piped keeps every cell whole (a file or a pager); $COLUMNS still limits it', async () => {
    const whole = await runCliInProcess(['rest', 'get', `${server.url}/wide`, '-o', 'table'])
    expect(whole.code).toBe(0)
    expect(whole.stdout).toContain('word '.repeat(40).trim())
    const narrow = await runCliInProcess(['rest', 'get', `${server.url}/wide`, '-o', 'table'], {
      env: { ...isolatedEnv(), COLUMNS: '40' },
    })
    expect(narrow.stdout).toContain('…')
    expect(Math.max(...narrow.stdout.split('\n').map((line) => line.length))).toBeLessThanOrEqual(40)
  })

  it('an XML body is pretty-printed, -o json converts it, -o table tabulates it', async () => {
    const pretty = await runCliInProcess(['rest', 'get', `${server.url}/xml`])
    expect(pretty.stdout).toMatch(/<items>\n {2}<item id="1">\n {4}<name>Pen<\/name>/)
    const asJson = await runCliInProcess(['rest', 'get', `${server.url}/xml`, '-o', 'json'])
    expect(JSON.parse(asJson.stdout)).toEqual({
      items: {
        item: [
          { '@id': '1', name: 'Pen' },
          { '@id': '2', name: 'Mug' },
        ],
      },
    })
  })

  it('-o table of an XML list: one row per element, attributes and children as columns', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/xml`, '-o', 'table'])
    expect(result.code).toBe(0)
    const lines = result.stdout.split('\n')
    expect(lines[1]).toMatch(/^│ @id\s+│ name\s+│$/)
    expect(lines.filter((line) => /^│ [12]\s+│ (Pen|Mug)\s+│$/.test(line))).toHaveLength(2)
    expect(result.stderr).toBe('')
  })

  it('-o table of an XML list of one element, and of a single XML element (its fields as rows)', async () => {
    const one = await runCliInProcess(['rest', 'get', `${server.url}/xml-one`, '-o', 'table'])
    expect(one.stdout).toMatch(/│ @id\s+│ name\s+│ price\s+│/)
    expect(one.stdout).toMatch(/│ 7\s+│ Lamp\s+│ 12\s+│/)
    const single = await runCliInProcess(['rest', 'get', `${server.url}/xml-single`, '-o', 'table'])
    expect(single.stdout).toMatch(/│ name\s+│ Lamp\s+│/)
    expect(single.stdout).not.toContain('{')
  })

  it("-o table of a paged envelope (json-server v1's): the list's rows; the other fields named on stderr", async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/envelope`, '-o', 'table'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/│ id\s+│ title\s+│/)
    expect(result.stdout).toMatch(/│ 2\s+│ second\s+│/)
    expect(result.stdout).not.toContain('pages')
    expect(result.stderr).toBe(
      'note: -o table shows the list under "data"; -o json shows first, prev, next, last, pages, items too.\n',
    )
  })

  it('HEAD prints the headers on stdout (the status line is not the result); OPTIONS the allowed methods', async () => {
    const head = await runCliInProcess(['rest', 'head', `${server.url}/one`])
    expect(head.code).toBe(0)
    expect(head.stdout).not.toContain('HTTP/1.1')
    expect(head.stdout).toMatch(/^Content-Type: application\/json\n/)
    expect(head.stdout).toMatch(/X-Custom: yes/i)
    const headJson = await runCliInProcess(['rest', 'head', `${server.url}/one`, '-o', 'json'])
    expect(JSON.parse(headJson.stdout)).toMatchObject({
      'content-type': 'application/json',
      'x-custom': 'yes',
    })
    const options = await runCliInProcess(['rest', 'options', `${server.url}/one`])
    expect(options.stdout).toBe('GET, HEAD, OPTIONS\n')
    const asJson = await runCliInProcess(['rest', 'options', `${server.url}/one`, '-o', 'json'])
    expect(JSON.parse(asJson.stdout)).toEqual(['GET', 'HEAD', 'OPTIONS'])
  })

  it('binary bodies pass through a pipe untouched', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/binary`])
    expect(Buffer.from(result.stdout, 'latin1').length).toBeGreaterThan(0)
    expect(result.stdout.includes('\u0000')).toBe(true)
  })
})
