// Compiled validators kept in the cache (docs/decisions.md): the real CLI against the real
// reference server, and against a small purpose-built server for a document in a file.
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadedSourcesOf } from '../support/loaded-sources.js'
import { useReferenceProfile } from '../support/reference-profile.js'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { tempDir } from '../support/temp-dir.js'

const ref = useReferenceProfile()
const seen = ref.seen

const BAD_POST = ['rest', 'post', '/v1/items', 'nmae=Pen', 'price=cheap', '--user', 'demo:demo']
const writes = () => seen.filter((line) => /^(POST|PUT|PATCH|DELETE) \/v/.test(line))

function validatorFiles(cache: string): string[] {
  const folder = join(cache, 'openapi-validators')
  try {
    return readdirSync(folder).map((name) => join(folder, name))
  } catch {
    return []
  }
}

/** The bundled and node_modules sources a traced run of the CLI evaluated. */
async function tracedRun(args: string[], runEnv: Record<string, string | undefined>) {
  const trace = join(tempDir('apictl-trace-'), 'trace.txt')
  writeFileSync(trace, '')
  const result = await runCli(args, { env: { ...runEnv, TRACE_IMPORTS_FILE: trace } })
  return { result, sources: loadedSourcesOf(trace) }
}

const usesAjv = (sources: string[]) =>
  sources.some((source) => /compile-validators\.ts$|node_modules\/ajv\/dist\/core\.js$/.test(source))

describe('validators compiled once, kept as code beside the cached document', () => {
  it('a later run loads the kept code instead of ajv, with the very same messages', async () => {
    const first = await tracedRun(BAD_POST, ref.env)
    expect(first.result.code).toBe(2)
    expect(first.result.stderr).toContain(
      'price: must be number (rule type; #/components/schemas/ItemInput/properties/price/type)',
    )
    expect(first.result.stderr).toContain('nmae: is not a known field (rule additionalProperties;')
    expect(first.result.stderr).toContain('Did you mean name?')
    expect(usesAjv(first.sources)).toBe(true)

    const files = validatorFiles(ref.env.APICTL_CACHE_DIR!)
    expect(files).toHaveLength(1)
    expect(statSync(files[0]!).mode & 0o777).toBe(0o600)
    expect(statSync(join(ref.env.APICTL_CACHE_DIR!, 'openapi-validators')).mode & 0o777).toBe(0o700)
    const entry = JSON.parse(readFileSync(files[0]!, 'utf8')) as { key: string; code: string }
    expect(entry.key).toBe(`discover:${ref.server.url}\nrequest #/paths/~1v1~1items/post`)
    expect(entry.code).toContain('exports.v0 =')

    const second = await tracedRun(BAD_POST, ref.env)
    expect(second.result.code).toBe(2)
    expect(second.result.stderr).toBe(first.result.stderr)
    expect(usesAjv(second.sources)).toBe(false)
    expect(second.sources.some((source) => source.endsWith('load-validator-code.ts'))).toBe(true)
    expect(writes()).toEqual([])

    const good = await runCli(['rest', 'post', '/v1/items', 'name=Pen', 'price=2.5', '--user', 'demo:demo'], {
      env: ref.env,
    })
    expect(good.code).toBe(0)
    expect(writes()).toEqual([expect.stringMatching(/^POST \/v1\/items 201 /)])
  })

  it.each([
    ['not JSON', () => '{"format":1,'],
    ['code that throws', (entry: Record<string, unknown>) => JSON.stringify({ ...entry, code: 'throw 1' })],
    [
      'code that exports no validator',
      (entry: Record<string, unknown>) => JSON.stringify({ ...entry, code: '' }),
    ],
    [
      'code that requires another module',
      (entry: Record<string, unknown>) =>
        JSON.stringify({ ...entry, code: 'exports.v0 = require("node:fs").readFileSync' }),
    ],
    [
      'another key',
      (entry: Record<string, unknown>) =>
        JSON.stringify({ ...entry, key: 'discover:http://elsewhere\nrequest #/paths/~1v1~1items/post' }),
    ],
  ])('a damaged entry (%s) is compiled again and rewritten, never a crash', async (_name, damage) => {
    const first = await runCli(BAD_POST, { env: ref.env })
    expect(first.code).toBe(2)
    const [file] = validatorFiles(ref.env.APICTL_CACHE_DIR!)
    const entry = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, unknown>
    writeFileSync(file!, damage(entry))
    const again = await runCli(BAD_POST, { env: ref.env })
    expect(again.code).toBe(2)
    expect(again.stderr).toBe(first.stderr)
    expect(again.stderr).not.toMatch(/at .*\.c?js:\d+/)
    expect(JSON.parse(readFileSync(file!, 'utf8'))).toEqual(entry)
    expect(writes()).toEqual([])
  })

  it('--refresh reads the document again: the kept validators belong to the old one and are compiled anew', async () => {
    await runCli(BAD_POST, { env: ref.env })
    const [file] = validatorFiles(ref.env.APICTL_CACHE_DIR!)
    const before = JSON.parse(readFileSync(file!, 'utf8')) as { document: string }
    const refreshed = await runCli([...BAD_POST, '--refresh'], { env: ref.env })
    expect(refreshed.code).toBe(2)
    const after = JSON.parse(readFileSync(file!, 'utf8')) as { document: string }
    expect(after.document).not.toBe(before.document)
  })
})

describe('a document in a file', () => {
  let api: Server
  let url: string
  beforeAll(async () => {
    api = createServer((request, response) => {
      request.resume()
      request.on('end', () => {
        response.writeHead(201, { 'content-type': 'application/json' })
        response.end('{"ok":true}')
      })
    })
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    const address = api.address() as { port: number }
    url = `http://127.0.0.1:${address.port}`
  })
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())))

  const documentWith = (count: Record<string, unknown>) =>
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/events': {
          post: {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['at'],
                    properties: { at: { type: 'string', format: 'date-time' }, count },
                  },
                },
              },
            },
            responses: { '201': { description: 'made' } },
          },
        },
      },
    })

  it('formats are checked from the kept code too; a changed file is read and compiled again', async () => {
    const local = isolatedEnv()
    const file = join(local.HOME!, 'api.json')
    writeFileSync(file, documentWith({ type: 'integer' }))
    const post = (...items: string[]) =>
      runCli(['rest', 'post', `${url}/events`, ...items, '--openapi', file], { env: local })
    for (let run = 0; run < 2; run++) {
      const bad = await post('at=yesterday', 'count:=2')
      expect(bad.code).toBe(2)
      expect(bad.stderr).toContain('at: must match format "date-time" (rule format;')
    }
    expect(validatorFiles(local.APICTL_CACHE_DIR!)).toHaveLength(1)
    expect((await post('at=2026-11-28T12:00:00Z', 'count:=2')).code).toBe(0)

    writeFileSync(file, documentWith({ type: 'integer', maximum: 1 }))
    // The stamp is the mtime and size: make the mtime differ even on a coarse clock.
    const later = new Date(Date.now() + 5_000)
    utimesSync(file, later, later)
    const capped = await post('at=2026-11-28T12:00:00Z', 'count:=2')
    expect(capped.code).toBe(2)
    expect(capped.stderr).toContain('count: must be <= 1 (rule maximum;')
  })
})
