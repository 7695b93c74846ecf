import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/server/reference/start-server.js'
import { CLI, isolatedEnv, runCli } from '../support/run-cli.js'
import { tempDir } from '../support/temp-dir.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

const exec = promisify(execFile)

// Node built-ins a plain-HTTP command never needs; the CLI bundle requires each on first use
// (scripts/build.mjs lazyBuiltins, gotRequestIds; the caches read files without fs/promises).
const NOT_NEEDED = ['https', 'tls', 'child_process', 'crypto', 'fs/promises', 'dns']

// Preloaded with -r (CommonJS, so no ES module loader of its own): prints the public built-ins
// the process loaded, as it exits.
const REPORTER = join(tempDir('apictl-builtins-'), 'report.cjs')
writeFileSync(
  REPORTER,
  `process.on('exit', () => process.stderr.write('\\nbuiltins:' + process.moduleLoadList
    .filter((name) => name.startsWith('NativeModule ') && !name.includes('internal/'))
    .map((name) => name.slice('NativeModule '.length)).join(',') + '\\n'))`,
)

async function builtinsOf(args: string[], env: Record<string, string | undefined>): Promise<string[]> {
  const { stderr } = await exec(process.execPath, ['-r', REPORTER, CLI, ...args], { env })
  return /builtins:(.*)/.exec(stderr)?.[1]?.split(',') ?? []
}

let reference: RunningServer
let gzipped: TestServer
beforeAll(async () => {
  reference = await startServer({ port: 0, host: '127.0.0.1' })
  gzipped = await startTestServer((_request, response) => {
    const body = gzipSync(JSON.stringify({ compressed: true, items: [1, 2, 3] }))
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'content-length': body.length,
    })
    response.end(body)
  })
})
afterAll(async () => {
  await reference.close()
  await gzipped.close()
})

describe('plain-HTTP commands load no TLS, crypto, child_process, fs/promises or fetch', () => {
  it('rest get', async () => {
    const loaded = await builtinsOf(['rest', 'get', `${reference.url}/v1/items/1`], isolatedEnv())
    expect(loaded).toContain('http') // the report works: it sees what a request needs
    for (const name of NOT_NEEDED) expect(loaded, name).not.toContain(name)
  })

  it('soap call with a cached WSDL', async () => {
    const env = isolatedEnv()
    const args = ['soap', 'call', 'GetItem', 'id=1', '--wsdl', `${reference.url}/soap?wsdl`]
    await builtinsOf(args, env) // fetches and caches the WSDL (writing the cache may use crypto)
    const loaded = await builtinsOf(args, env)
    expect(loaded).toContain('http')
    for (const name of NOT_NEEDED) expect(loaded, name).not.toContain(name)
  })

  it('gql with a cached schema (and no fetch implementation: undici would load tls)', async () => {
    const env = isolatedEnv()
    const args = ['gql', '-e', `${reference.url}/graphql`, '{ item(id: "1") { name } }']
    await builtinsOf(args, env) // introspects and caches the schema
    const loaded = await builtinsOf(args, env)
    expect(loaded).toContain('http')
    for (const name of [...NOT_NEEDED, 'http2', 'worker_threads']) expect(loaded, name).not.toContain(name)
  })

  it('rest get against the embedded reference server (the local profile)', async () => {
    const env = isolatedEnv()
    // The first run discovers and caches the server's OpenAPI document (writing a cache file
    // may use crypto); every later run reads it from the cache.
    await builtinsOf(['rest', 'get', '/v1/items/1'], env)
    const loaded = await builtinsOf(['rest', 'get', '/v1/items/1'], env)
    expect(loaded).toContain('http')
    // Node's net.Server#listen itself loads cluster, and with it dns and child_process.
    for (const name of ['https', 'tls', 'crypto', 'fs/promises']) expect(loaded, name).not.toContain(name)
  })

  it('what they leave out still loads when needed: a gzip answer is decoded (zlib)', async () => {
    const result = await runCli(['rest', 'get', gzipped.url, '-o', 'json'], { env: isolatedEnv() })
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual({ compressed: true, items: [1, 2, 3] })
    expect(gzipped.received[0]!.headers['accept-encoding']).toMatch(/gzip/)
  })
})

// Preloaded with -r: says, as the process exits, whether libsql's native binary was mapped (Linux /proc).
const NATIVE_REPORTER = join(tempDir('apictl-native-'), 'report.cjs')
writeFileSync(
  NATIVE_REPORTER,
  `process.on('exit', () => process.stderr.write('\\nlibsql:' + require('node:fs').readFileSync('/proc/self/maps', 'utf8').includes('@libsql') + '\\n'))`,
)

describe.runIf(process.platform === 'linux')("libsql's native binary loads only for the local store", () => {
  it('not for a command against a URL, nor --help; for the local profile, yes', async () => {
    const libsqlLoaded = async (args: string[]) => {
      const { stderr } = await exec(process.execPath, ['-r', NATIVE_REPORTER, CLI, ...args], {
        env: isolatedEnv(),
      })
      return /libsql:(true|false)/.exec(stderr)?.[1]
    }
    expect(await libsqlLoaded(['rest', 'get', `${reference.url}/v1/items/1`])).toBe('false')
    expect(await libsqlLoaded(['--help'])).toBe('false')
    expect(await libsqlLoaded(['rest', 'get', '/v1/items/1'])).toBe('true')
  })
})
