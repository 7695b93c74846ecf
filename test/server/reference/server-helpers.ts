import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { ItemIndex } from '../../../src/server/kit/item-index.js'
import { openDataFile } from '../../../src/server/reference/open-data-file.js'
import { loadSeed } from '../../../src/server/reference/seed.js'
import {
  type RunningServer,
  type ServerOptions,
  startServer,
} from '../../../src/server/reference/start-server.js'

export const basicAuth = `Basic ${Buffer.from('demo:demo').toString('base64')}`
export const testSecret = 'a-test-secret-that-is-long-enough-for-hs256!'
export const jsonHeaders = { 'content-type': 'application/json', authorization: basicAuth }

/** Starts a server on an ephemeral port for the file's tests and stops it afterwards. */
export function useServer(options: ServerOptions = {}): {
  readonly server: RunningServer
  readonly url: string
} {
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer({ port: 0, jwtSecret: testSecret, env: {}, ...options })
  })
  afterAll(async () => {
    await server?.close()
  })
  return {
    get server() {
      if (server === undefined) throw new Error('the server is not started yet')
      return server
    },
    get url() {
      if (server === undefined) throw new Error('the server is not started yet')
      return server.url
    },
  }
}

/** A temporary directory for the file's tests, removed afterwards. */
export function useTempDir(): { readonly path: string } {
  let path: string | undefined
  beforeAll(async () => {
    path = await mkdtemp(join(tmpdir(), 'apictl-server-'))
  })
  afterAll(async () => {
    if (path !== undefined) await rm(path, { recursive: true, force: true })
  })
  return {
    get path() {
      if (path === undefined) throw new Error('the temporary directory is not made yet')
      return path
    },
  }
}

export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  errors?: Array<{ field: string; message: string }>
}

/** Asserts a problem+json answer with the given status and returns the document. */
export async function expectProblem(response: Response, status: number): Promise<Problem> {
  const text = await response.text()
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`)
  const type = response.headers.get('content-type') ?? ''
  if (!type.startsWith('application/problem+json'))
    throw new Error(`expected problem+json, got ${type}: ${text}`)
  const problem = JSON.parse(text) as Problem
  if (problem.status !== status || typeof problem.title !== 'string' || typeof problem.detail !== 'string') {
    throw new Error(`not a problem document: ${text}`)
  }
  if (typeof problem.type !== 'string') throw new Error(`problem without type: ${text}`)
  return problem
}

/** Creates an item over REST (authenticated) and returns it. */
export async function createItem(
  url: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string } & Record<string, unknown>> {
  const response = await fetch(`${url}/v1/items`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ name: 'Test item', price: 1.5, ...body }),
  })
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as { id: string } & Record<string, unknown>
}

/** Runs `tasks` with at most `limit` in flight. */
export async function inBatches<T>(
  count: number,
  limit: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      results[index] = await task(index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker))
  return results
}

/** A small seeded PRNG (mulberry32) so a failing fuzz case reproduces. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

/** What a data file holds, read as a fresh server would (without its lock: for checks after a server stopped or died). */
export async function readDataFile(path: string): Promise<ItemIndex> {
  const { backend, index } = await openDataFile(path, { seed: loadSeed, sharing: 'shared' })
  // A SQLite store reads each item's fields on first use: read them all before closing.
  for (const entry of index.entries()) void [entry.item, entry.reviews]
  backend.close?.()
  return index
}
