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
})
