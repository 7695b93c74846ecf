// REST throughput: the reference server's GET /v1/items/1 against a bare
// node:http handler returning the very same bytes and json-server 0.17 serving
// the same item. Each server runs in its own process (so autocannon, in this
// one, never shares its event loop), gets a warm-up, then one-second runs
// interleaved in a shuffled order each round, so background load shifts all alike.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startChildServer } from './child-server.mjs'
import { APICTL_BIN, APICTL_LIBRARY, ROOT, SERVE_ARGS, SERVER_SCRIPTS } from './environment.mjs'
import { median, shuffled } from './stats.mjs'

const NOT_EXPORTED = 78

/**
 * @param {{ connections: number, warmupSeconds: number, durationSeconds: number, progress?: (text: string) => void }} options
 * @returns {Promise<{ rows: Array<{ id, name, status, reqPerSec, p50, p99, bodyBytes, vsBare?, vsJsonServer?, note? }>, notes: string[] }>}
 */
export async function restThroughput({ connections, warmupSeconds, durationSeconds, progress = () => {} }) {
  const notes = []
  const entries = []
  try {
    // The reference server first: its answer is the body the other two serve. It
    // runs from the library (startServer) when dist/index.js exports it, else
    // through the CLI (`apictl serve --port 0 --quiet`), which a note says.
    let reference = await startEntry(
      'reference',
      'apictl reference server  GET /v1/items/1',
      '/v1/items/1',
      () => startChildServer(SERVER_SCRIPTS.reference, [APICTL_LIBRARY], { probePath: '/v1/items/1' }),
      progress,
    )
    if (reference.status === 'skipped') {
      const why = reference.note.replace(/^skipped: /, '')
      reference = await startEntry(
        'reference',
        'apictl serve --quiet  GET /v1/items/1',
        '/v1/items/1',
        () => startChildServer(APICTL_BIN, SERVE_ARGS, { probePath: '/v1/items/1' }),
        progress,
      )
      notes.push(`reference server run as \`apictl ${SERVE_ARGS.join(' ')}\`: ${why}`)
    }
    entries.push(reference)
    let body = reference.status === 'ok' ? reference.probe.body : undefined
    let contentType =
      reference.status === 'ok' ? reference.probe.contentType || 'application/json' : undefined
    if (!body) {
      body = Buffer.from(JSON.stringify(await fallbackItem()))
      contentType = 'application/json'
      notes.push('the reference server gave no item, so the others serve item 1 of fixtures/seed/items.json')
    }
    const text = body.toString('utf8')
    entries.push(
      await startEntry(
        'bare',
        'bare node:http, same bytes  GET /v1/items/1',
        '/v1/items/1',
        () => startChildServer(SERVER_SCRIPTS.bare, [text, contentType], { probePath: '/' }),
        progress,
      ),
    )
    entries.push(
      await startEntry(
        'jsonServer',
        'json-server 0.17, same item  GET /items/1',
        '/items/1',
        () => startChildServer(SERVER_SCRIPTS.jsonServer, [text], { probePath: '/items/1' }),
        progress,
      ),
    )
    await measure(entries, { connections, warmupSeconds, durationSeconds }, progress)
  } finally {
    await Promise.all(entries.map((entry) => entry.server?.stop()))
  }
  const rows = entries.map((entry) => summarise(entry, connections))
  const byId = Object.fromEntries(entries.map((entry) => [entry.id, entry]))
  if (rows[0].status === 'ok') {
    rows[0].vsBare = pairedRatio(byId.reference, byId.bare)
    rows[0].vsJsonServer = pairedRatio(byId.reference, byId.jsonServer)
  }
  return { rows, notes }
}

async function startEntry(id, name, path, start, progress) {
  progress(`REST starting ${id}`)
  try {
    const server = await start()
    const entry = { id, name, path, server, url: `${server.url}${path}`, probe: server.probe, slices: [] }
    if (server.probe.status !== 200) {
      return { ...entry, status: 'error', note: `error: GET ${path} answered ${server.probe.status}` }
    }
    return { ...entry, status: 'ok' }
  } catch (error) {
    if (error.exitCode === NOT_EXPORTED) {
      return { id, name, status: 'skipped', note: `skipped: ${error.message.replace(/^.*?: /, '')}` }
    }
    return { id, name, status: 'error', note: `error: ${error.message}` }
  }
}

async function measure(entries, { warmupSeconds, durationSeconds, connections }, progress) {
  const alive = () => entries.filter((entry) => entry.status === 'ok')
  for (const entry of alive()) {
    progress(`REST warm-up ${entry.id}`)
    await slice(entry, connections, warmupSeconds).catch((error) => fail(entry, error))
  }
  for (let round = 0; round < durationSeconds; round++) {
    for (const entry of shuffled(alive())) {
      progress(`REST round ${round + 1}/${durationSeconds}: ${entry.id}`)
      const result = await slice(entry, connections, 1).catch((error) => fail(entry, error))
      if (result) entry.slices[round] = result
    }
  }
}

function slice(entry, connections, seconds) {
  return autocannon({ url: entry.url, connections, duration: seconds, skipAggregateResult: true })
}

function fail(entry, error) {
  entry.status = 'error'
  entry.note = `error: autocannon: ${error.message}`
}

const perSecond = (result) => result.totalCompletedRequests / result.duration

function summarise(entry, connections) {
  const { id, name, status, note, url } = entry
  const slices = (entry.slices ?? []).filter(Boolean)
  if (status !== 'ok' || slices.length === 0) {
    return { id, name, status: 'error', reqPerSec: Number.NaN, p50: Number.NaN, p99: Number.NaN, note }
  }
  const merged = autocannon.aggregateResult(slices, { url, connections })
  const seconds = slices.reduce((sum, result) => sum + result.duration, 0)
  const completed = slices.reduce((sum, result) => sum + result.totalCompletedRequests, 0)
  const problems = []
  if (merged.non2xx) problems.push(`${merged.non2xx} non-2xx`)
  if (merged.errors) problems.push(`${merged.errors} errors`)
  if (merged.timeouts) problems.push(`${merged.timeouts} timeouts`)
  return {
    id,
    name,
    status,
    url,
    reqPerSec: completed / seconds,
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    bodyBytes: entry.probe.body.length,
    perRoundReqPerSec: slices.map((result) => Math.round(perSecond(result))),
    latencyMs: {
      average: merged.latency.average,
      p50: merged.latency.p50,
      p90: merged.latency.p90,
      p99: merged.latency.p99,
      max: merged.latency.max,
    },
    ...(problems.length ? { note: problems.join(', ') } : {}),
  }
}

/** The reference server's req/s over the other's in each round, then the median over rounds. */
function pairedRatio(reference, other) {
  if (reference?.status !== 'ok' || other?.status !== 'ok') return Number.NaN
  const rounds = reference.slices
    .map((result, round) => [result, other.slices[round]])
    .filter(([mine, theirs]) => mine && theirs)
  return median(rounds.map(([mine, theirs]) => perSecond(mine) / perSecond(theirs)))
}

async function fallbackItem() {
  const items = JSON.parse(await readFile(join(ROOT, 'fixtures', 'seed', 'items.json'), 'utf8'))
  const { reviews: _reviews, ...item } = items[0]
  return item
}
