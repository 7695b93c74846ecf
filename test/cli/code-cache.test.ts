import { execFile, spawn } from 'node:child_process'
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { CLI, isolatedEnv } from '../support/run-cli.js'

const exec = promisify(execFile)

// Reports, as the process exits, whether the loader handed V8 a code cache and whether V8 took it.
const WATCH = `data:text/javascript,${encodeURIComponent(`
  import vm from 'node:vm'
  const Script = vm.Script
  let seen = 'no-script'
  vm.Script = class extends Script {
    constructor(source, options) {
      super(source, options)
      seen = options?.cachedData === undefined ? 'no-cache' : this.cachedDataRejected ? 'rejected' : 'accepted'
    }
  }
  process.on('exit', () => process.stderr.write('code-cache:' + seen))
`)}`

async function run(env: Record<string, string | undefined>, args = ['--help']) {
  const { stdout, stderr } = await exec(process.execPath, ['--import', WATCH, CLI, ...args], {
    env: env as NodeJS.ProcessEnv,
  })
  return { stdout, stderr, cache: /code-cache:(\S+)/.exec(stderr)?.[1] }
}

const MAGIC = Buffer.from('apictl-code-cache-3\n')

/** Our cache file's layout (bin/load-cli.cjs): magic, CRC-32 of the rest, list length, module list, V8's data. */
function cacheFileBytes(modules: string[], data: Buffer): Buffer {
  const list = Buffer.from(modules.join('\n'), 'latin1')
  const length = Buffer.alloc(4)
  length.writeUInt32BE(list.length)
  const body = Buffer.concat([length, list, data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([MAGIC, crc, body])
}

function moduleList(file: string): string[] {
  const bytes = readFileSync(file)
  const start = MAGIC.length + 8
  return bytes.toString('latin1', start, start + bytes.readUInt32BE(MAGIC.length + 4)).split('\n')
}

/** `apictl serve` on an ephemeral port; stop() ends it with SIGTERM and waits (the code cache is written at exit). */
async function serve(
  env: Record<string, string | undefined>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--quiet'], {
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
      const match = /listening on (http:\/\/\S+)/.exec(stderr)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${stderr}`)))
  })
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

function cacheFiles(env: Record<string, string | undefined>): string[] {
  const dir = join(env.APICTL_CACHE_DIR!, 'code-cache')
  return readdirSync(dir).map((name) => join(dir, name))
}

describe('the CLI loads through a V8 code cache in the cache dir', () => {
  it('the first run writes it, the next ones use it without rewriting it', async () => {
    const env = isolatedEnv()
    const first = await run(env)
    expect(first.cache).toBe('no-cache')
    const [file, ...others] = cacheFiles(env)
    expect(others).toEqual([])
    expect(file).toMatch(/0\.1\.0-[0-9a-f]{16}-[0-9a-f]{8}-v\d+[^/]*-other\.bin$/)
    const written = statSync(file!).mtimeMs
    const second = await run(env)
    expect(second.cache).toBe('accepted')
    expect(second.stdout).toBe(first.stdout)
    expect(statSync(file!).mtimeMs).toBe(written)
  })

  it('each command group has its own cache (so --help leaves none without got for rest)', async () => {
    const env = isolatedEnv()
    await run(env)
    await run(env, ['rest', 'get', 'http://127.0.0.1:9/v1/items', '--dry-run'])
    expect(
      cacheFiles(env)
        .map((file) => file.replace(/.*-/, ''))
        .sort(),
    ).toEqual(['other.bin', 'rest.bin'])
  })

  it('a damaged cache file is ignored and replaced', async () => {
    const env = isolatedEnv()
    const expected = (await run(env)).stdout
    const [file] = cacheFiles(env)
    const data = readFileSync(file!)
    data[data.length - 100] ^= 0xff // a flipped bit in V8's data: our digest no longer matches
    writeFileSync(file!, data)
    const damaged = await run(env)
    expect(damaged).toMatchObject({ stdout: expected, cache: 'no-cache' })
    expect((await run(env)).cache).toBe('accepted')
  })

  it('data V8 refuses (another V8, other flags) is replaced, and the run works', async () => {
    const env = isolatedEnv()
    const expected = (await run(env)).stdout
    const [file] = cacheFiles(env)
    writeFileSync(file!, cacheFileBytes([], Buffer.alloc(4096, 7)))
    expect(await run(env)).toMatchObject({ stdout: expected, cache: 'rejected' })
    expect((await run(env)).cache).toBe('accepted')
  })

  it('a run that uses modules the cache was made without writes it again; one that does not, does not', async () => {
    const env = isolatedEnv()
    await run(env, ['rest', '--help'])
    const [file] = cacheFiles(env)
    const helpOnly = statSync(file!)
    const get = ['rest', 'get', 'http://127.0.0.1:9/v1/items', '--dry-run']
    expect((await run(env, get)).cache).toBe('accepted')
    const withGet = statSync(file!)
    expect(withGet.mtimeMs).toBeGreaterThan(helpOnly.mtimeMs)
    expect(withGet.size).toBeGreaterThan(helpOnly.size)
    expect(moduleList(file!)).toContain('src/cli/commands/rest.ts')
    expect((await run(env, get)).cache).toBe('accepted')
    expect((await run(env, ['rest', '--help'])).cache).toBe('accepted')
    expect(statSync(file!).mtimeMs).toBe(withGet.mtimeMs)
  })

  it('using a cache marks it; writing one removes others unused for a week, and old temp files', async () => {
    const env = isolatedEnv()
    await run(env)
    const [file] = cacheFiles(env)
    const dir = join(env.APICTL_CACHE_DIR!, 'code-cache')
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000)
    utimesSync(file!, daysAgo(3), daysAgo(3))
    expect((await run(env)).cache).toBe('accepted')
    expect(Date.now() - statSync(file!).mtimeMs).toBeLessThan(60 * 60 * 1000)
    const aged = (name: string, days: number) => {
      writeFileSync(join(dir, name), 'x')
      utimesSync(join(dir, name), daysAgo(days), daysAgo(days))
    }
    aged('0.0.9-0123456789abcdef-v20.0.0-x64-plain-rest.bin', 30)
    aged('0.1.0-fedcba9876543210-v20.20.2-x64-plain-other.bin', 2)
    aged('0.1.0-fedcba9876543210-v20.20.2-x64-plain-other.bin.4242.tmp', 2)
    aged('notes.txt', 30)
    await run(env, ['rest', 'get', 'http://127.0.0.1:9/v1/items', '--dry-run'])
    expect(readdirSync(dir).sort()).toEqual(
      [
        '0.1.0-fedcba9876543210-v20.20.2-x64-plain-other.bin',
        'notes.txt',
        file!.split('/').pop()!,
        cacheFiles(env)
          .find((name) => name.endsWith('-rest.bin'))!
          .split('/')
          .pop()!,
      ].sort(),
    )
  })

  it('code restored from the cache still signs and checks tokens (a served run after a cached one)', async () => {
    const env = isolatedEnv()
    for (const round of [1, 2]) {
      const server = await serve(env)
      try {
        const token = await fetch(`${server.url}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
        })
        expect(token.status, `round ${round}`).toBe(200)
        const { access_token } = (await token.json()) as { access_token: string }
        const created = await fetch(`${server.url}/v1/items`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
          body: JSON.stringify({ name: 'Cached', price: 1 }),
        })
        expect(created.status, `round ${round}`).toBe(201)
      } finally {
        await server.stop()
      }
    }
    expect(cacheFiles(env).some((file) => file.endsWith('-serve.bin'))).toBe(true)
  })

  it('an unusable cache dir changes nothing but speed', async () => {
    const env = isolatedEnv()
    const expected = (await run(env)).stdout
    const blocker = join(env.HOME!, 'not-a-dir')
    writeFileSync(blocker, 'x')
    const result = await run({ ...env, APICTL_CACHE_DIR: blocker })
    expect(result).toMatchObject({ stdout: expected, cache: 'no-cache' })
    expect(result.stderr).toBe('code-cache:no-cache')
  })
})
