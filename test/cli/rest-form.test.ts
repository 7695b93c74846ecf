import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI, isolatedEnv, runCli } from '../support/run-cli.js'
import { runMeasured } from '../support/run-measured.js'
import { tempDir } from '../support/temp-dir.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'
import { startUploadServer, type UploadServer } from '../support/upload-server.js'

let uploads: UploadServer
let echo: TestServer
let dir: string
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

beforeAll(async () => {
  uploads = await startUploadServer()
  echo = await startTestServer((_request, response) => json(response, 200, { ok: true }))
  dir = tempDir('apictl-form-')
})
afterAll(async () => {
  await uploads.close()
  await echo.close()
})

describe('-f, --form (urlencoded)', () => {
  it('sends field=value items as application/x-www-form-urlencoded', async () => {
    const before = echo.received.length
    const result = await runCli([
      'rest',
      'post',
      `${echo.url}/login`,
      '-f',
      'user=ann',
      'note=a b&c=d',
      'X-Trace:1',
    ])
    expect(result.code).toBe(0)
    const [got] = echo.received.slice(before)
    expect(got?.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8')
    expect(got?.headers['x-trace']).toBe('1')
    expect(new URLSearchParams(got?.body)).toEqual(new URLSearchParams({ user: 'ann', note: 'a b&c=d' }))
  })

  it("gets a token from the reference server's /oauth/token, as RFC 6749 asks", async () => {
    const result = await runCli([
      'rest',
      'post',
      '/oauth/token',
      '-f',
      'grant_type=client_credentials',
      'client_id=demo',
      'client_secret=demo-secret',
      // The server's OpenAPI document describes /v1 and /v2, not its token endpoint.
      '--no-validate',
      '--no-lint',
    ])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ token_type: expect.stringMatching(/bearer/i) })
  })

  it('raw JSON has no place in a form: a usage error (exit 2)', async () => {
    const result = await runCli(['rest', 'post', `${echo.url}/x`, '-f', 'price:=2.5'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/'price:=2.5' is raw JSON, which a form cannot carry/)
  })

  it('--curl gives --data-urlencode; the command sends the same form', async () => {
    const curl = await runCli(['rest', 'post', `${echo.url}/login`, '-f', 'user=ann', 'note=a b&c', '--curl'])
    expect(curl.stdout).toContain("--data-urlencode user=ann --data-urlencode 'note=a b&c'")
    const before = echo.received.length
    await promisify(execFile)('sh', ['-c', curl.stdout])
    const [got] = echo.received.slice(before)
    expect(new URLSearchParams(got?.body)).toEqual(new URLSearchParams({ user: 'ann', note: 'a b&c' }))
  })
})

describe('field@file uploads (multipart/form-data)', () => {
  it("sends the files' bytes intact, with types from their names or ;type=, and text fields", async () => {
    const picture = randomBytes(200_000)
    writeFileSync(join(dir, 'cat.png'), picture)
    writeFileSync(join(dir, 'notes'), 'plain words\n')
    const before = uploads.received.length
    const result = await runCli(
      [
        'rest',
        'post',
        `${uploads.url}/upload`,
        'title=Holiday',
        'photo@cat.png',
        'doc@notes;type=application/pdf',
      ],
      { cwd: dir },
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const [got] = uploads.received.slice(before)
    expect(got?.contentType).toMatch(/^multipart\/form-data; boundary=apictl-/)
    expect(got?.fields).toEqual({ title: ['Holiday'] })
    expect(got?.files).toEqual([
      {
        field: 'photo',
        filename: 'cat.png',
        type: 'image/png',
        size: picture.length,
        sha256: sha256(picture),
      },
      {
        field: 'doc',
        filename: 'notes',
        type: 'application/pdf',
        size: 12,
        sha256: sha256(Buffer.from('plain words\n')),
      },
    ])
  })

  it('--dry-run shows the parts (files named, not printed); --curl gives -F; curl sends the same', async () => {
    writeFileSync(join(dir, 'data.json'), '{"a":1}')
    const args = ['rest', 'post', `${uploads.url}/upload`, 'title=Q;3', 'report@data.json']
    const dry = await runCli([...args, '--dry-run'], { cwd: dir })
    expect(dry.stdout).toMatch(/Content-Type: multipart\/form-data; boundary=(apictl-\w+)/)
    const boundary = /boundary=(apictl-\w+)/.exec(dry.stdout)![1]
    expect(dry.stdout).toContain(
      `--${boundary}\nContent-Disposition: form-data; name="report"; filename="data.json"\nContent-Type: application/json\n\n<7 B from ${join(dir, 'data.json')}>\n--${boundary}--`,
    )
    const curl = await runCli([...args, '--curl'], { cwd: dir })
    expect(curl.stdout).toContain(
      `--form-string 'title=Q;3' -F 'report=@${join(dir, 'data.json')};type=application/json;filename=data.json'`,
    )
    const before = uploads.received.length
    await promisify(execFile)('sh', ['-c', curl.stdout])
    const [got] = uploads.received.slice(before)
    expect(got?.fields).toEqual({ title: ['Q;3'] })
    expect(got?.files[0]).toMatchObject({ field: 'report', type: 'application/json', size: 7 })
  })

  it('shows a progress bar on a terminal for a big upload (stderr, a real pty through script)', async () => {
    writeFileSync(join(dir, 'video.mp4'), randomBytes(3 * 1024 * 1024))
    const command = `${process.execPath} ${CLI} rest post ${uploads.url}/upload clip@video.mp4`
    const { stdout } = await promisify(execFile)('script', ['-qec', command, '/dev/null'], {
      cwd: dir,
      env: isolatedEnv({ COLUMNS: '120' }) as NodeJS.ProcessEnv,
    })
    expect(stdout).toMatch(/uploading video\.mp4 100% \[█{24}\] 3\.1 MB \/ 3\.1 MB {2}[\d.]+ [kMG]?B\/s/)
    expect(uploads.received.at(-1)?.files[0]).toMatchObject({ field: 'clip', type: 'video/mp4' })
  })

  it('a missing file is a usage error naming the item; nothing is sent', async () => {
    const before = uploads.received.length
    const result = await runCli(['rest', 'post', `${uploads.url}/upload`, 'photo@missing.png'], { cwd: dir })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/Cannot upload 'missing.png' for 'photo@missing.png': no such file/)
    expect(uploads.received.length).toBe(before)
  })

  it('streams a 100 MB file from disk: bytes intact, Content-Length exact, RSS under 150 MB', async () => {
    const file = join(dir, 'big.bin')
    const block = randomBytes(1024 * 1024)
    const hash = createHash('sha256')
    const fd = openSync(file, 'w')
    for (let index = 0; index < 100; index++) {
      block[0] = index // every megabyte differs
      writeSync(fd, block)
      hash.update(block)
    }
    closeSync(fd)
    const before = uploads.received.length
    const result = await runMeasured(['rest', 'post', `${uploads.url}/upload`, 'blob@big.bin'], {
      cwd: dir,
      killAfterMs: 120_000,
    })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const [got] = uploads.received.slice(before)
    expect(got?.transferEncoding).toBeUndefined()
    expect(Number(got?.contentLength)).toBeGreaterThan(100 * 1024 * 1024)
    expect(got?.files).toEqual([
      {
        field: 'blob',
        filename: 'big.bin',
        type: 'application/octet-stream',
        size: 100 * 1024 * 1024,
        sha256: hash.digest('hex'),
      },
    ])
    expect(result.peakRssMb).toBeLessThan(150)
  }, 180_000)
})
