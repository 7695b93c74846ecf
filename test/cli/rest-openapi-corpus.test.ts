// The public OpenAPI documents in fixtures/openapi-corpus (SOURCES.md): `rest ops` and validation
// through the real CLI on each (nothing is sent: --dry-run, or a check that fails first).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isolatedEnv, runCli } from '../support/run-cli.js'

const CORPUS = join(import.meta.dirname, '..', '..', 'fixtures', 'openapi-corpus')
const files = readdirSync(CORPUS).filter((name) => /\.(json|ya?ml)$/.test(name))

interface OpView {
  method: string
  path: string
  parameters: Array<{ name: string; in: string; required: boolean }>
  body?: { required: boolean; contentType: string; fields: Array<{ name: string; required: boolean }> }
}

// Nothing listens on port 9 (discard): a request that did go out would fail with exit 3, not 0 or 2.
const HOST = 'http://127.0.0.1:9'

function serverBase(file: string): string {
  const text = readFileSync(join(CORPUS, file), 'utf8')
  const basePath = /"basePath":\s*"([^"]*)"/.exec(text)?.[1]
  if (basePath !== undefined) return basePath.replace(/\/$/, '')
  const server = /(?:"url"|url):\s*"?(https?:\/\/[^"\s]+)/.exec(text.slice(text.search(/servers/)))?.[1]
  return server === undefined ? '' : new URL(server.replace(/\{[^}]+\}/g, 'x')).pathname.replace(/\/$/, '')
}

const fill = (template: string) => template.replace(/\{[^}]+\}/g, 'abc')

describe.each(files)('%s', (file) => {
  const env = isolatedEnv()
  const document = join(CORPUS, file)

  it('rest ops lists its operations (-o json), then one path in detail, and validation runs', {
    timeout: 60_000,
  }, async () => {
    const listed = await runCli(['rest', 'ops', '--openapi', document, '-o', 'json'], {
      env,
      killAfterMs: 50_000,
    })
    expect(listed.stderr).toBe('')
    expect(listed.code).toBe(0)
    const ops = JSON.parse(listed.stdout) as OpView[]
    if (file.includes('webhook')) {
      expect(ops).toEqual([]) // a 3.1 document of webhooks only
      return
    }
    expect(ops.length).toBeGreaterThan(0)
    for (const op of ops) expect(op.path.startsWith('/')).toBe(true)
    const first = ops[0]!
    const detail = await runCli(['rest', 'ops', first.path, '--openapi', document], { env })
    expect(detail.code).toBe(0)
    expect(detail.stdout).toContain(`${first.method} ${first.path}`)
    const base = `${HOST}${serverBase(file)}`

    // A path the document does not declare: exit 2, nothing sent.
    const unknown = await runCli(['rest', 'get', `${base}/no-such-path-here`, '--openapi', document], { env })
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('is not a path the OpenAPI document declares')

    // An operation with a required JSON body, sent without one: exit 2 naming the body.
    const needsBody = ops.find(
      (op) => op.body?.required && /json/.test(op.body.contentType) && op.method !== 'GET',
    )
    if (needsBody !== undefined) {
      const missing = await runCli(
        ['rest', needsBody.method, `${base}${fill(needsBody.path)}`, '--openapi', document],
        { env },
      )
      expect(missing.code, missing.stderr).toBe(2)
      expect(missing.stderr).toMatch(/needs a request body|is required/)
    }

    // An operation with a required query parameter, left out: exit 2 naming it.
    const needsQuery = ops.find((op) => op.parameters.some((param) => param.in === 'query' && param.required))
    if (needsQuery !== undefined) {
      const name = needsQuery.parameters.find((param) => param.in === 'query' && param.required)!.name
      const missing = await runCli(
        [
          'rest',
          needsQuery.method,
          `${base}${fill(needsQuery.path)}`,
          '--openapi',
          document,
          '--no-lint',
          '--dry-run',
        ],
        { env },
      )
      expect(missing.code, missing.stderr).toBe(2)
      expect(missing.stderr).toContain(`query.${name}: the query parameter ${name} is required`)
    }

    // A GET that needs nothing: it passes the checks and --dry-run prints it (exit 0, nothing sent).
    const plain = ops.find(
      (op) => op.method === 'GET' && !op.path.includes('{') && !op.parameters.some((param) => param.required),
    )
    if (plain !== undefined) {
      const passed = await runCli(
        ['rest', 'get', `${base}${plain.path}`, '--openapi', document, '--dry-run', '--no-lint'],
        { env },
      )
      expect(passed.code, passed.stderr).toBe(0)
      expect(passed.stdout).toContain(`GET ${base}${plain.path}`)
    }
  })
})
