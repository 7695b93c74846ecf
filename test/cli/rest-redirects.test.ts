import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const redirect = (status: number, location: string) => {
      response.writeHead(status, { location })
      response.end()
    }
    if (request.url === '/v1/old-items') return redirect(301, '/v1/moved-items')
    if (request.url === '/v1/moved-items') return redirect(302, `${server.url}/v1/items`)
    if (request.url === '/v1/temporary-items') return redirect(307, 'items')
    if (request.url === '/v1/loops') return redirect(302, '/v1/loops')
    json(response, 200, { at: request.url, method: request.method, body: request.body })
  })
})
afterAll(() => server.close())

describe('--follow', () => {
  it('follows a 301 (relative Location) and a 302 (absolute) to the final answer', async () => {
    const before = server.received.length
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/old-items`, '--follow'])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ at: '/v1/items' })
    expect(server.received.slice(before).map((request) => request.url)).toEqual([
      '/v1/old-items',
      '/v1/moved-items',
      '/v1/items',
    ])
  })

  it('follows a 307, resolving a Location relative to the path, keeping the method and body', async () => {
    const result = await runCliInProcess([
      'rest',
      'put',
      `${server.url}/v1/temporary-items`,
      'name=Pen',
      '--follow',
    ])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ at: '/v1/items', method: 'PUT', body: '{"name":"Pen"}' })
  })

  it('a POST redirected by a 302 continues as a GET without its body (as HTTPie and curl -L); a PUT stays a PUT', async () => {
    const post = await runCliInProcess([
      'rest',
      'post',
      `${server.url}/v1/moved-items`,
      'name=Pen',
      '--follow',
    ])
    expect(post.code).toBe(0)
    expect(JSON.parse(post.stdout)).toEqual({ at: '/v1/items', method: 'GET', body: '' })
    expect(server.received.at(-1)!.headers['content-type']).toBeUndefined()
    const verbose = await runCliInProcess([
      'rest',
      'post',
      `${server.url}/v1/moved-items`,
      'name=Pen',
      '--follow',
      '-v',
    ])
    expect(verbose.stderr.match(/^(?:POST|GET) \S+/gm)).toEqual(['POST /v1/moved-items', 'GET /v1/items'])
    expect(verbose.stderr.match(/\{"name":"Pen"\}/g)).toHaveLength(1)
    const put = await runCliInProcess(['rest', 'put', `${server.url}/v1/moved-items`, 'name=Pen', '--follow'])
    expect(JSON.parse(put.stdout)).toEqual({ at: '/v1/items', method: 'PUT', body: '{"name":"Pen"}' })
  })

  it('-v shows every hop: each request and each answer', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/old-items`, '--follow', '-v'])
    expect(result.code).toBe(0)
    const hops = result.stderr.match(/^(GET \S+ HTTP\/1\.1|HTTP\/1\.1 \d+.*)$/gm)
    expect(hops).toEqual([
      'GET /v1/old-items HTTP/1.1',
      'HTTP/1.1 301 Moved Permanently',
      'GET /v1/moved-items HTTP/1.1',
      'HTTP/1.1 302 Found',
      'GET /v1/items HTTP/1.1',
      'HTTP/1.1 200 OK',
    ])
  })

  it('a redirect loop stops after 10 hops: exit 6, saying so', async () => {
    const before = server.received.length
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/loops`, '--follow'])
    expect(result.code).toBe(6)
    expect(result.stderr).toMatch(/redirected too many times/)
    expect(server.received.length - before).toBe(11)
  })

  it('--curl says --location', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/old-items`, '--follow', '--curl'])
    expect(result.stdout).toContain(' --location')
  })
})

describe('without --follow', () => {
  it('a 3xx shows its status line, its Location and how to follow it, on stderr; exit 0', async () => {
    const before = server.received.length
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/old-items`])
    expect(result.code).toBe(0)
    expect(server.received.length - before).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      'HTTP/1.1 301 Moved Permanently\nLocation: /v1/moved-items\nnote: a redirect, not followed; add --follow to follow it.\n',
    )
  })
})
