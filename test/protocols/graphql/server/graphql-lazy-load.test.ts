import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadedSourcesOf } from '../../../support/loaded-sources.js'
import { CLI, isolatedEnv, runCli } from '../../../support/run-cli.js'
import { tempDir } from '../../../support/temp-dir.js'
import { demoBasic } from './graphql-http-client.js'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..')
const TRACER = join(ROOT, 'test', 'support', 'trace-imports.mjs')
/** What serving GraphQL loads: Apollo, graphql-js, graphql-ws, ws, and this project's GraphQL server half. */
const GRAPHQL = /node_modules\/(@apollo\/server|graphql|graphql-ws|ws)\/|src\/protocols\/graphql\/server\//

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

function traceFile(): string {
  return join(tempDir('apictl-trace-'), 'imports.txt')
}

/** The sources a process loaded: node_modules files, and the src files bundled into the dist chunks it loaded. */
function loadedSources(file: string): string[] {
  return loadedSourcesOf(file)
}

/** `apictl serve --port 0` in its own process, its imports traced; resolves once it listens. */
function serve(trace: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', TRACER, CLI, 'serve', '--port', '0', '--quiet'], {
    env: { ...isolatedEnv(), TRACE_IMPORTS_FILE: trace },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let stderr = ''
    child.stderr?.on('data', (chunk) => {
      stderr += chunk
      const match = /listening on (http:\/\/\S+)/.exec(stderr)
      if (match) resolve(match[1]!)
    })
    child.on('exit', (code) => reject(new Error(`apictl serve exited (${code}): ${stderr}`)))
  })
}

describe('GraphQL loads only when /graphql is used', () => {
  it('a REST-only run of apictl serve never loads Apollo, graphql or ws; the first /graphql request does', async () => {
    const trace = traceFile()
    const url = await serve(trace)
    expect((await fetch(`${url}/v1/items?limit=2`)).status).toBe(200)
    const created = await fetch(`${url}/v1/items`, {
      method: 'POST',
      headers: { authorization: demoBasic, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rest only', price: 1 }),
    })
    expect(created.status).toBe(201)
    expect((await fetch(`${url}/v2/items/1`, { headers: { accept: 'application/xml' } })).status).toBe(200)
    expect((await fetch(`${url}/`)).status).toBe(200)
    expect(loadedSources(trace).filter((source) => GRAPHQL.test(source))).toEqual([])

    const answer = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ item(id: "1") { id } }' }),
    })
    expect(await answer.json()).toEqual({ data: { item: { id: '1' } } })
    const sources = loadedSources(trace)
    expect(sources.some((source) => source.includes('node_modules/@apollo/server/'))).toBe(true)
    expect(sources.some((source) => source.includes('src/protocols/graphql/server/graphql-mount.ts'))).toBe(
      true,
    )
  })

  it('the embedded default server (apictl rest get /v1/items) never loads Apollo or ws', async () => {
    const trace = traceFile()
    const result = await runCli(['rest', 'get', '/v1/items?limit=1'], {
      env: { ...isolatedEnv(), NODE_OPTIONS: `--import ${TRACER}`, TRACE_IMPORTS_FILE: trace, NO_COLOR: '1' },
    })
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toHaveLength(1)
    const sources = loadedSources(trace)
    expect(sources.some((source) => source.includes('src/server/reference/start-server.ts'))).toBe(true)
    expect(
      sources.filter((source) => /node_modules\/(@apollo\/server|graphql-ws|ws)\//.test(source)),
    ).toEqual([])
    expect(sources.filter((source) => source.includes('src/protocols/graphql/server/'))).toEqual([])
  })
})
