import { execFile, execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { tempDir } from '../support/temp-dir.js'

let server: Server
let url: string

beforeAll(async () => {
  // A self-signed certificate made for this run (openssl ships with the machine image and Debian).
  const dir = tempDir('apictl-tls-')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  server = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{"secure":true}')
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `https://127.0.0.1:${(server.address() as { port: number }).port}/v1/items`
})
afterAll(() => server.close())

describe('TLS', () => {
  it('verifies certificates by default: a self-signed one is exit 3 with a hint', async () => {
    const result = await runCliInProcess(['rest', 'get', url])
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/TLS|certificate/i)
    expect(result.stderr).toMatch(/--insecure/)
  })

  it('--curl --insecure gives curl --insecure too: the command works against the self-signed server', async () => {
    const curl = await runCliInProcess(['rest', 'get', url, '--insecure', '--curl'])
    expect(curl.stdout).toContain(' --insecure')
    // Asynchronously: the server answering it runs in this process.
    const { stdout } = await promisify(execFile)('sh', ['-c', curl.stdout])
    expect(JSON.parse(stdout)).toEqual({ secure: true })
  })

  it('--insecure skips verification', async () => {
    const result = await runCliInProcess(['rest', 'get', url, '--insecure'])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ secure: true })
  })
})
