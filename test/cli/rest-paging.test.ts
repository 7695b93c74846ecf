import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x')
    const page = Number(url.searchParams.get('page') ?? 1)
    const items = [1, 2].map((n) => ({ id: String((page - 1) * 2 + n), page }))
    const links = [`<${'/v1/things?page=1'}>; rel="first"`, `</v1/things?page=3>; rel="last"`]
    if (page < 3) links.push(`</v1/things?page=${page + 1}>; rel="next"`)
    const route = envelopes[url.pathname]
    if (route) return json(response, 200, route(url, server.url))
    if (url.pathname === '/v1/wrapped') {
      const next = page < 3 ? { link: `</v1/wrapped?page=${page + 1}>; rel="next"` } : undefined
      return json(response, 200, { data: items, total: 6 }, next)
    }
    if (url.pathname === '/v1/xml-things') {
      response.writeHead(200, {
        'content-type': 'application/xml',
        link: '</v1/xml-things?page=2>; rel="next"',
      })
      response.end('<things><thing id="1"/></things>')
      return
    }
    if (url.pathname === '/v1/turning') {
      // Page 1 a list, page 2 an object that holds none: the walk stops there.
      if (page === 1) return json(response, 200, items, { link: '</v1/turning?page=2>; rel="next"' })
      return json(
        response,
        200,
        { message: 'maintenance', retry: true },
        { link: '</v1/turning?page=3>; rel="next"' },
      )
    }
    if (url.pathname === '/numbers') {
      json(response, 200, page <= 2 ? items : [], { 'x-total-count': '4' })
      return
    }
    if (url.pathname === '/v1/deaf') return json(response, 200, [{ id: '1' }, { id: '2' }, { id: '3' }])
    if (url.pathname === '/v1/dwindling') return json(response, 200, page <= 2 ? items : [])
    if (url.pathname === '/v1/circular') {
      // Page 2 links back to page 1.
      return json(response, 200, items, { link: `</v1/circular?page=${page === 1 ? 2 : 1}>; rel="next"` })
    }
    if (url.pathname === '/v1/elsewhere') {
      return json(response, 200, { data: items, next: 'http://127.0.0.2:9/v1/elsewhere?page=2' })
    }
    json(response, 200, items, { link: links.join(', ') })
  })
})

/** Three pages of two items, the next page named in the body the way each kind of API does. */
const envelopes: Record<string, (url: URL, origin: string) => unknown> = {
  // json-server v1 (`_page`, `_per_page`)
  '/posts': (url) => {
    const page = Number(url.searchParams.get('_page') ?? 1)
    return {
      first: 1,
      prev: page > 1 ? page - 1 : null,
      next: page < 3 ? page + 1 : null,
      last: 3,
      pages: 3,
      items: 6,
      data: itemsOf(page),
    }
  },
  // `{data, next}` with a relative link, null on the last page
  '/v1/linked': (url) => {
    const page = Number(url.searchParams.get('page') ?? 1)
    return { data: itemsOf(page), next: page < 3 ? `/v1/linked?page=${page + 1}` : null }
  },
  // Google's `{items, nextPageToken}`, the token sent back as pageToken
  '/v1/tokens': (url) => {
    const page = Number(url.searchParams.get('pageToken')?.replace('t', '') ?? 1)
    return { items: itemsOf(page), ...(page < 3 ? { nextPageToken: `t${page + 1}` } : {}) }
  },
  // Django REST framework's `{count, next, previous, results}` with absolute links
  '/v1/drf': (url, origin) => {
    const page = Number(url.searchParams.get('page') ?? 1)
    return {
      count: 6,
      next: page < 3 ? `${origin}/v1/drf?page=${page + 1}` : null,
      previous: null,
      results: itemsOf(page),
    }
  },
}

function itemsOf(page: number): Array<{ id: string; page: number }> {
  return [1, 2].map((n) => ({ id: String((page - 1) * 2 + n), page }))
}

function ids(stdout: string): string[] {
  return (JSON.parse(stdout) as Array<{ id: string }>).map((item) => item.id)
}

function requestsFor(path: string): string[] {
  return server.received.filter((request) => request.url.startsWith(path)).map((request) => request.url)
}
afterAll(() => server.close())

describe('--all', () => {
  it('follows Link rel="next" over three pages and prints the merged list in order', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/things`, '--all'])
    expect(result.code).toBe(0)
    const merged = JSON.parse(result.stdout) as Array<{ id: string; page: number }>
    expect(merged.map((item) => item.id)).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(merged.map((item) => item.page)).toEqual([1, 1, 2, 2, 3, 3])
  })

  it('stops at --max-pages and says so', async () => {
    const result = await runCliInProcess([
      'rest',
      'get',
      `${server.url}/v1/things`,
      '--all',
      '--max-pages',
      '2',
    ])
    expect(result.code).toBe(0)
    expect((JSON.parse(result.stdout) as unknown[]).length).toBe(4)
    expect(result.stderr).toMatch(/--max-pages/)
  })

  it('without Link, follows page numbers until the total is reached', async () => {
    const result = await runCliInProcess([
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
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/things`, '--all', '-o', 'table'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/id/)
    expect(result.stdout.split('\n').filter((line) => /│|\|/.test(line) && /\b6\b/.test(line)).length).toBe(1)
  })

  it('a wrapped JSON list ({"data": [...], "total"}) linked by Link: the lists merged', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/wrapped`, '--all'])
    expect(result.code).toBe(0)
    expect(ids(result.stdout)).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(result.stderr).toBe('')
  })

  it.each([
    ['json-server v1 {first, prev, next, last, pages, items, data}', '/posts?_page=1'],
    ['{data, next} with a relative link', '/v1/linked'],
    ['{items, nextPageToken}', '/v1/tokens'],
    ['{count, next, previous, results} (Django REST framework)', '/v1/drf'],
  ])('an envelope %s: its next pages followed, the lists merged', async (_, path) => {
    const before = server.received.length
    const result = await runCliInProcess(['rest', 'get', `${server.url}${path}`, '--all'])
    expect(result.code).toBe(0)
    expect(ids(result.stdout)).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(result.stderr).toBe('')
    expect(server.received.length - before).toBe(3)
  })

  it('json-server v1: the page parameter it uses (_page) is the one set', async () => {
    await runCliInProcess(['rest', 'get', `${server.url}/posts?_page=1`, '--all'])
    expect(requestsFor('/posts').slice(-3)).toEqual(['/posts?_page=1', '/posts?_page=2', '/posts?_page=3'])
  })

  it('a server that ignores page: one page, and a warning saying so', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/deaf`, '--all'])
    expect(result.code).toBe(0)
    expect(ids(result.stdout)).toEqual(['1', '2', '3'])
    expect(requestsFor('/v1/deaf')).toEqual(['/v1/deaf', '/v1/deaf?page=2'])
    expect(result.stderr).toBe(
      'warning: page 2 repeats page 1 (the server seems to ignore page=): --all stopped there, showing page 1 only.\n',
    )
  })

  it('an empty page ends the walk with a warning', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/dwindling`, '--all'])
    expect(result.code).toBe(0)
    expect(ids(result.stdout)).toEqual(['1', '2', '3', '4'])
    expect(result.stderr).toBe('warning: page 3 is empty: --all stopped there, showing pages 1-2.\n')
  })

  it('a next link back to a page already fetched: never fetched twice', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/circular?page=1`, '--all'])
    expect(result.code).toBe(0)
    expect(ids(result.stdout)).toEqual(['1', '2', '3', '4'])
    expect(requestsFor('/v1/circular')).toEqual(['/v1/circular?page=1', '/v1/circular?page=2'])
    expect(result.stderr).toContain(
      `warning: page 2 links its next page to ${server.url}/v1/circular?page=1, which was already fetched`,
    )
  })

  it('a next link on another origin is not followed (credentials stay where they were sent)', async () => {
    const result = await runCliInProcess([
      'rest',
      'get',
      `${server.url}/v1/elsewhere`,
      '--all',
      '--token',
      'secret',
    ])
    expect(result.code).toBe(0)
    expect(ids(result.stdout)).toEqual(['1', '2'])
    expect(result.stderr).toContain(
      'warning: page 1 links its next page on another origin (http://127.0.0.2:9)',
    )
  })

  it('an XML list with a next page: page 1 shown, and a warning', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/xml-things`, '--all'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('<thing id="1"/>')
    expect(result.stderr).toMatch(
      /warning: --all merges JSON lists, but the answer is XML .*only page 1 is shown/,
    )
  })

  it('a page that stops being a list: the pages before it, merged, and a warning', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/turning`, '--all'])
    expect(result.code).toBe(0)
    expect(ids(result.stdout)).toEqual(['1', '2'])
    expect(result.stderr).toMatch(
      /warning: --all stopped at page 2: .*showing the page before it; the server links a next page/,
    )
  })
})
