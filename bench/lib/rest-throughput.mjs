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
import { shuffled } from './stats.mjs'
import { pairedRatio, summariseRounds } from './throughput-rounds.mjs'

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
  const rows = entries.map((entry) =>
    summariseRounds(entry, entry.slices, {
      url: entry.url,
      connections,
      bodyBytes: entry.probe?.body.length,
      extra: { url: entry.url },
    }),
  )
  const byId = Object.fromEntries(entries.map((entry) => [entry.id, entry]))
  if (rows[0].status === 'ok') {
    rows[0].vsBare = ratioOf(byId.reference, byId.bare)
    rows[0].vsJsonServer = ratioOf(byId.reference, byId.jsonServer)
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

async function fallbackItem() {
  const items = JSON.parse(await readFile(join(ROOT, 'fixtures', 'seed', 'items.json'), 'utf8'))
  const { reviews: _reviews, ...item } = items[0]
  return item
}

/** The reference server's req/s over the other's, paired by round (NaN unless both ran). */
function ratioOf(reference, other) {
  return reference?.status === 'ok' && other?.status === 'ok'
    ? pairedRatio(reference.slices, other.slices)
    : Number.NaN
}
