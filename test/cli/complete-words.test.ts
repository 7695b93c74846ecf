// `apictl __complete -- WORD…`, what the shell scripts run on Tab (shell-completion.test.ts drives
// the scripts themselves): candidates from the cached OpenAPI document only.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isolatedEnv, runCli } from '../support/run-cli.js'

const PETS = {
  openapi: '3.0.3',
  info: { title: 'pets', version: '1' },
  paths: {
    '/pets': {
      get: {
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok' } },
      },
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { name: { type: 'string' }, tag: { type: 'string' }, owner: { type: 'object' } },
              },
            },
          },
        },
        responses: { '201': { description: 'made' } },
      },
    },
    '/pets/{id}': { delete: { responses: { '204': { description: 'gone' } } } },
    '/odd path': { get: { responses: { '200': { description: 'ok' } } } },
    '/\u001b[31mred': { get: { responses: { '200': { description: 'ok' } } } },
  },
}

function withDocument() {
  const env = isolatedEnv()
  const file = join(env.HOME!, 'pets.json')
  writeFileSync(file, JSON.stringify(PETS))
  const complete = async (...words: string[]) => {
    const result = await runCli(['__complete', '--', 'rest', ...words], { env })
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    return result.stdout.split('\n').filter(Boolean)
  }
  return { env, file, complete }
}

const cacheFolder = (env: Record<string, string | undefined>, name: string) =>
  join(env.APICTL_CACHE_DIR!, name)

describe('apictl __complete', () => {
  it('answers from the cached document only: nothing before a run read it, then paths per method and fields', async () => {
    const { env, file, complete } = withDocument()
    expect(await complete('post', '--openapi', file, '/p')).toEqual([])
    expect((await runCli(['rest', 'ops', '--openapi', file], { env })).code).toBe(0)
    expect(await complete('post', '--openapi', file, '/p')).toEqual(['/pets'])
    expect(await complete('delete', `--openapi=${file}`, '/p')).toEqual(['/pets/{id}'])
    expect(await complete('get', '--openapi', file, '/pets', '')).toEqual(['limit=='])
    expect(await complete('post', '--openapi', file, '/pets', 'name=Rex', '')).toEqual(['tag=', 'owner:='])
    // Options, their values and full URLs are the script's business.
    expect(await complete('post', '--openapi', file, '/pets', '--ti')).toEqual([])
    expect(await complete('post', '--openapi', file, '--timeout', '')).toEqual([])
    expect(await complete('post', '--openapi', file, 'http://x/p')).toEqual([])
  })

  it('offers no path a shell word cannot hold (spaces, control characters)', async () => {
    const { env, file, complete } = withDocument()
    await runCli(['rest', 'ops', '--openapi', file], { env })
    expect(await complete('get', '--openapi', file, '')).toEqual(['/pets'])
  })

  it('a file changed since it was read is offered again only once a run reads it again', async () => {
    const { env, file, complete } = withDocument()
    await runCli(['rest', 'ops', '--openapi', file], { env })
    writeFileSync(file, JSON.stringify({ ...PETS, paths: { '/cats': PETS.paths['/pets'] } }))
    expect(await complete('get', '--openapi', file, '/')).toEqual([])
    await runCli(['rest', 'ops', '--openapi', file], { env })
    expect(await complete('get', '--openapi', file, '/')).toEqual(['/cats'])
  })

  it('a missing or damaged digest is made again from the cached document, never an error', async () => {
    const { env, file, complete } = withDocument()
    await runCli(['rest', 'ops', '--openapi', file], { env })
    rmSync(cacheFolder(env, 'openapi-completion'), { recursive: true })
    expect(await complete('post', '--openapi', file, '/p')).toEqual(['/pets'])
    const [digest] = readdirSync(cacheFolder(env, 'openapi-completion'))
    expect(digest).toBeDefined()
    const path = join(cacheFolder(env, 'openapi-completion'), digest!)
    const good = JSON.parse(readFileSync(path, 'utf8')) as {
      digest: { operations: Array<Record<string, unknown>> }
    }
    const badOperation = structuredClone(good)
    badOperation.digest.operations[0] = { method: 'GET', path: 7, items: null }
    for (const damaged of [
      '{"format":1,',
      JSON.stringify({ ...good, digest: { basePaths: [], operations: 'x' } }),
      JSON.stringify(badOperation),
    ]) {
      writeFileSync(path, damaged)
      expect(await complete('post', '--openapi', file, '/p')).toEqual(['/pets'])
    }
  })

  it('an unknown profile, or one without a REST base or document, gets nothing', async () => {
    const { env, complete } = withDocument()
    expect(await complete('get', '--profile', 'nope', '/')).toEqual([])
    await runCli(['profile', 'add', 'bare', '--graphql', 'http://127.0.0.1:9/graphql'], { env })
    expect(await complete('get', '--profile', 'bare', '/')).toEqual([])
  })
})
