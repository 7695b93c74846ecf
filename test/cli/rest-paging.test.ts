import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../support/run-cli.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x')
    const page = Number(url.searchParams.get('page') ?? 1)
    const items = [1, 2].map((n) => ({ id: String((page - 1) * 2 + n), page }))
    const links = [`<${'/v1/things?page=1'}>; rel="first"`, `</v1/things?page=3>; rel="last"`]
    if (page < 3) links.push(`</v1/things?page=${page + 1}>; rel="next"`)
    const next = { link: '</v1/wrapped?page=2>; rel="next"' }
    if (url.pathname === '/v1/wrapped') return json(response, 200, { data: items, total: 6 }, next)
    if (url.pathname === '/v1/xml-things') {
      response.writeHead(200, { 'content-type': 'application/xml', ...next })
      response.end('<things><thing id="1"/></things>')
      return
    }
    if (url.pathname === '/v1/turning') {
      // Page 1 a list, page 2 an object: the walk stops there.
      if (page === 1) return json(response, 200, items, { link: '</v1/turning?page=2>; rel="next"' })
      return json(response, 200, { data: items }, { link: '</v1/turning?page=3>; rel="next"' })
    }
    if (url.pathname === '/numbers') {
      json(response, 200, page <= 2 ? items : [], { 'x-total-count': '4' })
      return
    }
    json(response, 200, items, { link: links.join(', ') })
  })
})
afterAll(() => server.close())

describe('--all', () => {
  it('follows Link rel="next" over three pages and prints the merged list in order', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/v1/things`, '--all'])
    expect(result.code).toBe(0)
    const merged = JSON.parse(result.stdout) as Array<{ id: string; page: number }>
    expect(merged.map((item) => item.id)).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(merged.map((item) => item.page)).toEqual([1, 1, 2, 2, 3, 3])
  })

  it('stops at --max-pages and says so', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/v1/things`, '--all', '--max-pages', '2'])
    expect(result.code).toBe(0)
    expect((JSON.parse(result.stdout) as unknown[]).length).toBe(4)
    expect(result.stderr).toMatch(/--max-pages/)
  })

  it('without Link, follows page numbers until the total is reached', async () => {
    const result = await runCli([
      'rest',
      'get',
      `${server.url}/numbers`,
      '--all',
      '--page',
      '1',
      '--limit',
      '2',
    ])
    expect(result.code).toBe(0)
    expect((JSON.parse(result.stdout) as Array<{ id: string }>).map((item) => item.id)).toEqual([
      '1',
      '2',
      '3',
      '4',
    ])
  })

  it('-o table renders the merged list as a table', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/v1/things`, '--all', '-o', 'table'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/id/)
    expect(result.stdout.split('\n').filter((line) => /│|\|/.test(line) && /\b6\b/.test(line)).length).toBe(1)
  })

  it('a wrapped JSON list ({"data": [...]}) with a next page: page 1 shown, and a warning saying why', async () => {
    const before = server.received.length
    const result = await runCli(['rest', 'get', `${server.url}/v1/wrapped`, '--all'])
    expect(result.code).toBe(0)
    expect(server.received.length - before).toBe(1)
    expect(JSON.parse(result.stdout)).toMatchObject({ data: [{ id: '1' }, { id: '2' }] })
    expect(result.stderr).toContain(
      'warning: --all merges JSON lists, but the answer is a JSON object with its list under "data": only page 1 is shown; the server links a next page, which was not fetched.',
    )
  })

  it('an XML list with a next page: page 1 shown, and a warning', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/v1/xml-things`, '--all'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('<thing id="1"/>')
    expect(result.stderr).toMatch(
      /warning: --all merges JSON lists, but the answer is XML .*only page 1 is shown/,
    )
  })

  it('a page that stops being a list: the pages before it, merged, and a warning', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/v1/turning`, '--all'])
    expect(result.code).toBe(0)
    expect((JSON.parse(result.stdout) as Array<{ id: string }>).map((item) => item.id)).toEqual(['1', '2'])
    expect(result.stderr).toMatch(
      /warning: --all stopped at page 2: .*showing the page before it; the server links a next page/,
    )
  })
})
