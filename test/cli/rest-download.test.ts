import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CLI, isolatedEnv, runCli } from '../support/run-cli.js'
import { runMeasured } from '../support/run-measured.js'
import { tempDir } from '../support/temp-dir.js'

/**
 * A file server built for the test: it serves one body by path, honours
 * `Range: bytes=N-` (206 with Content-Range) unless told not to, can cut
 * the connection part-way, and records the requests it received.
 */
const BODY = randomBytes(3 * 1024 * 1024 + 17)
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')
const seen: Array<{ url: string; range?: string; acceptEncoding?: string; accept?: string }> = []
let server: Server
let base: string
let dir: string
const sockets = new Set<Socket>()

function serve(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://x')
  seen.push({
    url: url.pathname + url.search,
    range: request.headers.range,
    acceptEncoding: request.headers['accept-encoding'],
    accept: request.headers.accept,
  })
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream' }
  const disposition = url.searchParams.get('disposition')
  if (disposition !== null) headers['content-disposition'] = disposition
  if (url.pathname === '/missing') {
    response.writeHead(404, { 'content-type': 'application/json' })
    response.end('{"title":"no such file"}')
    return
  }
  if (url.pathname === '/export') {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('{"items":[]}')
    return
  }
  const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '')
  const ranges = url.searchParams.get('ranges') !== 'no' && range !== null
  let start = ranges ? Number(range![1]) : 0
  if (ranges && start >= BODY.length) {
    response.writeHead(416, { 'content-range': `bytes */${BODY.length}` })
    response.end()
    return
  }
  if (ranges) {
    if (url.searchParams.get('shift') === 'yes') start += 1
    headers['content-range'] = `bytes ${start}-${BODY.length - 1}/${BODY.length}`
  }
  headers['content-length'] = String(BODY.length - start)
  response.writeHead(ranges ? 206 : 200, headers)
  const cut = Number(url.searchParams.get('cut') ?? Number.NaN)
  if (Number.isFinite(cut) && !ranges) {
    // Half the body, then the connection dies: what a flaky network does to a big download.
    response.write(BODY.subarray(0, cut), () => setTimeout(() => request.socket.destroy(), 50))
    return
  }
  response.end(BODY.subarray(start))
}

beforeAll(async () => {
  server = createServer(serve)
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  dir = tempDir('apictl-download-')
})

const download = (args: string[]) => runCli(['rest', 'get', ...args], { cwd: dir })
const saved = (name: string) => readFileSync(join(dir, name))

describe('--download', () => {
  it('saves the body under the name Content-Disposition gives, stripped of any path', async () => {
    const disposition = encodeURIComponent('attachment; filename="../../etc/passwd.bin"')
    const result = await download([`${base}/files/report?disposition=${disposition}`, '--download'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(
      /^Downloading 3\.1 MB to passwd\.bin\nSaved 3\.1 MB to passwd\.bin in [\d.]+ s, [\d.]+ [kMG]?B\/s\n$/,
    )
    expect(readdirSync(dir)).toEqual(['passwd.bin'])
    expect(sha256(saved('passwd.bin'))).toBe(sha256(BODY))
    // Downloads ask for the bytes as they are, and for whatever type the server has.
    expect(seen.at(-1)).toMatchObject({ acceptEncoding: 'identity', accept: '*/*', range: undefined })
  })

  it("reads filename* (RFC 8187), else the URL's last segment, adding an extension from the type", async () => {
    const disposition = encodeURIComponent(
      'attachment; filename="fallback.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf',
    )
    await download([`${base}/files/cv?disposition=${disposition}`, '--download'])
    await download([`${base}/files/archive.tar`, '--download'])
    await download([`${base}/export`, '--download'])
    expect(readdirSync(dir).sort()).toEqual(['archive.tar', 'export.json', 'résumé.pdf'])
  })

  it('never overwrites: a name from the server gets -1, a FILE given is refused without --force', async () => {
    await download([`${base}/files/data.bin`, '--download'])
    await download([`${base}/files/data.bin`, '--download'])
    expect(readdirSync(dir).sort()).toEqual(['data-1.bin', 'data.bin'])
    writeFileSync(join(dir, 'mine.bin'), 'precious')
    const refused = await download([`${base}/files/data.bin`, '--download', 'mine.bin'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/mine\.bin exists; apictl does not overwrite it/)
    expect(saved('mine.bin').toString()).toBe('precious')
    const forced = await download([`${base}/files/data.bin`, '--download', 'mine.bin', '--force'])
    expect(forced.code).toBe(0)
    expect(sha256(saved('mine.bin'))).toBe(sha256(BODY))
  })

  it('works from a REPL line too', async () => {
    const result = await runCli(['repl'], { cwd: dir, input: `get ${base}/files/line.bin --download\n` })
    expect(result.code).toBe(0)
    expect(sha256(saved('line.bin'))).toBe(sha256(BODY))
  })

  it('an error answer is not saved: it is printed as any REST answer, with its exit code', async () => {
    const result = await download([`${base}/missing`, '--download', 'x.bin'])
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout)).toEqual({ title: 'no such file' })
    expect(existsSync(join(dir, 'x.bin'))).toBe(false)
  })

  it('--dry-run shows the request; --curl gives --output / --remote-name and --continue-at', async () => {
    const dry = await download([`${base}/files/a.bin`, '--download', 'a.bin', '--dry-run'])
    expect(dry.stdout).toMatch(/^Accept-Encoding: identity$/m)
    const named = await download([`${base}/files/a.bin`, '--download', '--curl'])
    expect(named.stdout).toContain('--remote-name --remote-header-name')
    writeFileSync(join(dir, 'part.bin'), BODY.subarray(0, 1000))
    const resumed = await download([`${base}/files/a.bin`, '--download', 'part.bin', '--continue', '--curl'])
    expect(resumed.stdout).toContain('--output part.bin --continue-at -')
    expect(resumed.stdout).not.toContain('Range')
    const { stdout } = await promisify(execFile)('sh', ['-c', resumed.stdout], { cwd: dir })
    expect(stdout).toBe('')
    expect(sha256(saved('part.bin'))).toBe(sha256(BODY))
  })
})

describe('--continue', () => {
  it('resumes a download cut part-way with a Range request, and the file comes out whole', async () => {
    const cut = await download([`${base}/files/big.bin?cut=1000000`, '--download', 'big.bin'])
    expect(cut.code).toBe(3)
    expect(cut.stderr).toMatch(/closed before the whole answer arrived|closed or reset/)
    const partial = statSync(join(dir, 'big.bin')).size
    expect(partial).toBeGreaterThan(0)
    expect(partial).toBeLessThan(BODY.length)
    const resumed = await download([`${base}/files/big.bin`, '--download', 'big.bin', '--continue'])
    expect(resumed.code).toBe(0)
    expect(resumed.stderr).toContain(`Resuming big.bin at`)
    expect(seen.at(-1)?.range).toBe(`bytes=${partial}-`)
    expect(sha256(saved('big.bin'))).toBe(sha256(BODY))
  })

  it('starts over when the server answers 200 (no ranges), and says so', async () => {
    writeFileSync(join(dir, 'f.bin'), 'not the start of the real file')
    const result = await download([`${base}/files/f.bin?ranges=no`, '--download', 'f.bin', '--continue'])
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(/the server sent the whole file.*starting over/)
    expect(sha256(saved('f.bin'))).toBe(sha256(BODY))
  })

  it('refuses a 206 that starts elsewhere (Content-Range), leaving the file as it was', async () => {
    writeFileSync(join(dir, 'g.bin'), BODY.subarray(0, 5000))
    const result = await download([`${base}/files/g.bin?shift=yes`, '--download', 'g.bin', '--continue'])
    expect(result.code).toBe(6)
    expect(result.stderr).toMatch(/resumed at the wrong place: Content-Range bytes 5001-/)
    expect(statSync(join(dir, 'g.bin')).size).toBe(5000)
  })

  it('a file already whole (416 for a range at its end) is complete: exit 0', async () => {
    writeFileSync(join(dir, 'done.bin'), BODY)
    const result = await download([`${base}/files/done.bin`, '--download', 'done.bin', '--continue'])
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(/done\.bin is already complete \(3\.1 MB\)/)
  })

  it('needs a file name; goes with --download only', async () => {
    expect((await download([`${base}/files/a`, '--download', '--continue'])).stderr).toMatch(
      /--continue needs the file to resume/,
    )
    expect((await download([`${base}/files/a`, '--continue'])).code).toBe(2)
  })
})

describe('big downloads', () => {
  it('streams 100 MB to disk with RSS under 150 MB; bytes intact', async () => {
    const block = randomBytes(1024 * 1024)
    const hash = createHash('sha256')
    for (let index = 0; index < 100; index++) {
      block[0] = index
      hash.update(block)
    }
    const big = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(100 * 1024 * 1024),
      })
      let index = 0
      const more = () => {
        while (index < 100) {
          block[0] = index++
          if (!response.write(Buffer.from(block))) return void response.once('drain', more)
        }
        response.end()
      }
      more()
    })
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(big.address() as AddressInfo).port}/blob.bin`
      const result = await runMeasured(['rest', 'get', url, '--download'], { cwd: dir, killAfterMs: 120_000 })
      expect(result.code).toBe(0)
      expect(statSync(join(dir, 'blob.bin')).size).toBe(100 * 1024 * 1024)
      expect(sha256(saved('blob.bin'))).toBe(hash.digest('hex'))
      expect(result.peakRssMb).toBeLessThan(150)
    } finally {
      await new Promise((resolve) => big.close(resolve))
    }
  }, 180_000)

  it('shows a progress bar with size and speed on a terminal (a real pty, through script)', async () => {
    const command = `${process.execPath} ${CLI} rest get ${base}/files/tty.bin --download`
    const { stdout } = await promisify(execFile)('script', ['-qec', command, '/dev/null'], {
      cwd: dir,
      env: isolatedEnv() as NodeJS.ProcessEnv,
    })
    expect(stdout).toMatch(/downloading 100% \[█{24}\] 3\.1 MB \/ 3\.1 MB {2}[\d.]+ [kMG]?B\/s/)
  })
})
