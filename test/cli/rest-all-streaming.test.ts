import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI, isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { runMeasured } from '../support/run-measured.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

/**
 * --all prints the merged list while the walk goes on: each page is written
 * before the next is fetched, a failure mid-walk leaves what was printed
 * (closed) and names the page, and memory is a page's, not the list's.
 */
let server: TestServer
/** Resolves the wait of /gated's page 2 (set per test). */
let releasePage2: (() => void) | undefined
let page2Released: Promise<void> = Promise.resolve()

const itemsOf = (page: number, size = 2) =>
  Array.from({ length: size }, (_, n) => ({ id: (page - 1) * size + n + 1, name: `item ${page}.${n}` }))
const nextLink = (path: string, page: number) => ({ link: `<${path}?page=${page + 1}>; rel="next"` })
/** The last page links its first, as GitHub's do (without any Link the walk would go on by page numbers). */
const lastLink = (path: string) => ({ link: `<${path}?page=1>; rel="first"` })

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x')
    const page = Number(url.searchParams.get('page') ?? 1)
    if (url.pathname === '/failing') {
      if (page < 3) return json(response, 200, itemsOf(page), nextLink('/failing', page))
      return json(response, 503, { title: 'down for maintenance' })
    }
    if (url.pathname === '/cut') {
      if (page < 3) return json(response, 200, itemsOf(page), nextLink('/cut', page))
      return response.destroy()
    }
    if (url.pathname === '/gated') {
      const send = () =>
        json(response, 200, itemsOf(page), page < 2 ? nextLink('/gated', page) : lastLink('/gated'))
      if (page === 2) page2Released.then(send)
      else send()
      return
    }
    if (url.pathname === '/slow') {
      // Each page 400 ms late: five of them take 2 s of fetching.
      const send = () => json(response, 200, itemsOf(page), nextLink('/slow', page))
      setTimeout(send, 400)
      return
    }
    if (url.pathname === '/long') {
      const pages = Number(url.searchParams.get('pages'))
      const path = `/long?pages=${pages}&page=`
      const link = page < pages ? `<${path}${page + 1}>; rel="next"` : `<${path}1>; rel="first"`
      return json(response, 200, itemsOf(page, 200), { link })
    }
    response.writeHead(404).end()
  })
})
afterAll(() => server.close())

describe('--all streams the merged list', () => {
  it('page 1 is printed before page 2 is answered (the walk goes on while it prints)', async () => {
    page2Released = new Promise((resolve) => {
      releasePage2 = resolve
    })
    const child = spawn(process.execPath, [CLI, 'rest', 'get', `${server.url}/gated`, '--all', '--no-lint'], {
      env: isolatedEnv() as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // A safety net, not a wait: printing only at the end would leave the walk waiting for page 2.
    const watchdog = setTimeout(() => child.kill(), 30_000)
    let stdout = ''
    let requestsWhenFirstPrinted = -1
    child.stdout.on('data', (chunk) => {
      if (stdout === '') {
        requestsWhenFirstPrinted = server.received.filter((request) =>
          request.url.startsWith('/gated'),
        ).length
        // The server answers page 2 only once page 1 is on stdout: printing at the end would never finish.
        releasePage2?.()
      }
      stdout += chunk
    })
    const code = await new Promise((resolve) => child.on('close', resolve))
    clearTimeout(watchdog)
    expect(code).toBe(0)
    expect(requestsWhenFirstPrinted).toBeLessThanOrEqual(2)
    expect(stdout.startsWith('[\n  {\n    "id": 1,')).toBe(true)
    expect((JSON.parse(stdout) as Array<{ id: number }>).map((item) => item.id)).toEqual([1, 2, 3, 4])
  })

  it('-o raw reads the walk through and shows the last page as received; -o xml the merged JSON', async () => {
    const raw = await runCliInProcess([
      'rest',
      'get',
      `${server.url}/failing`,
      '--all',
      '--no-lint',
      '-o',
      'raw',
    ])
    expect(raw.code).toBe(5)
    expect(raw.stdout).toBe('{"title":"down for maintenance"}')
    const xml = await runCliInProcess([
      'rest',
      'get',
      `${server.url}/gated`,
      '--all',
      '--no-lint',
      '-o',
      'xml',
    ])
    expect(xml.code).toBe(0)
    expect(xml.stdout).toBe(`${JSON.stringify([...itemsOf(1), ...itemsOf(2)], null, 2)}\n`)
  })

  it('a page that fails: the pages before it, closed; its status and a warning naming it; its exit code', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/failing`, '--all', '--no-lint'])
    expect(result.code).toBe(5)
    expect((JSON.parse(result.stdout) as Array<{ id: number }>).map((item) => item.id)).toEqual([1, 2, 3, 4])
    expect(result.stderr).toContain('503 Service Unavailable\n')
    expect(result.stderr).toContain(
      `warning: --all stopped at page 3 (${server.url}/failing?page=3): the server answered 503 Service Unavailable; showing pages 1-2.\n`,
    )
  })

  it('-o table: a page that fails closes the table of the pages before it', async () => {
    const result = await runCliInProcess([
      ...['rest', 'get', `${server.url}/failing`, '--all', '--no-lint', '-o', 'table'],
    ])
    expect(result.code).toBe(5)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(4 + 4)
    expect(lines.at(-1)).toMatch(/^└─+┴─+┘$/)
    expect(result.stderr).toMatch(/--all stopped at page 3 .*showing pages 1-2/)
  })

  it('a connection lost mid-walk: the list so far, closed; the page named; the error and exit 3', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/cut`, '--all', '--no-lint'])
    expect(result.code).toBe(3)
    expect((JSON.parse(result.stdout) as Array<{ id: number }>).map((item) => item.id)).toEqual([1, 2, 3, 4])
    expect(result.stderr).toMatch(
      /^warning: --all stopped while fetching page 3; showing pages 1-2\.\nerror: .*\n {2}where: GET http:\/\/127\.0\.0\.1:\d+\/cut\?page=3\n/,
    )
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('--timeout limits the time spent fetching the walk: the page that passes it is named, exit 3', async () => {
    const result = await runCliInProcess([
      ...['rest', 'get', `${server.url}/slow`, '--all', '--no-lint', '--timeout', '1', '--max-pages', '5'],
    ])
    expect(result.code).toBe(3)
    // Two pages (0.8 s) fit in the second and the third passes it; on a loaded machine the second may.
    const failed = Number(/--all stopped while fetching page (\d+);/.exec(result.stderr)?.[1])
    expect(failed).toBeGreaterThanOrEqual(2)
    expect(failed).toBeLessThanOrEqual(3)
    expect(JSON.parse(result.stdout)).toHaveLength(2 * (failed - 1))
    expect(result.stderr).toMatch(/\nerror: .*tim/i)
    expect(result.stderr).toMatch(
      new RegExp(`where: GET http://127\\.0\\.0\\.1:\\d+/slow\\?page=${failed}\n`),
    )
  })

  it('memory is a page, not the list: 500 pages of 200 items print in under 150 MB', async () => {
    const result = await runMeasured(
      [
        'rest',
        'get',
        `${server.url}/long?pages=500`,
        '--all',
        '--max-pages',
        '500',
        '--no-lint',
        '-o',
        'json',
      ],
      { killAfterMs: 120_000, rssCapMb: 600 },
    )
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    expect(result.stdoutBytes).toBeGreaterThan(500 * 200 * 40)
    expect(result.peakRssMb).toBeLessThan(150)
  }, 180_000)
})
