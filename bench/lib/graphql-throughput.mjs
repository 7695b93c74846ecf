// GraphQL server throughput: the reference server's /graphql (`apictl serve`) against
// a stock Apollo Server 5 standalone server (servers/apollo-standalone-server.mjs)
// with a small schema serving the same item, both POSTed the same small query by
// autocannon. Each server runs in its own process; a warm-up each, then one-second
// runs interleaved in a shuffled order, so background load shifts both alike.
//
//   import { graphqlThroughput } from './graphql-throughput.mjs'
//   const rows = await graphqlThroughput()   // [{ name, reqPerSec, p50, p99, … }]
//
// Run on its own: node bench/lib/graphql-throughput.mjs [--quick]
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import { startChildServer } from './child-server.mjs'
import { APICTL_BIN, ROOT } from './environment.mjs'
import { shuffled } from './stats.mjs'
import { measuredRound, pairedCpuRatio, pairedRatio, summariseRounds } from './throughput-rounds.mjs'

export const GRAPHQL_QUERY = '{ item(id: "1") { id name price } }'
/** The goals (issue 4): at least Apollo's req/s (aim 1.5×), p99 under 15 ms at 50 connections. */
export const GRAPHQL_GOALS = { vsApollo: 1, vsApolloAim: 1.5, p99Ms: 15 }

const SERVE_ARGS = ['serve', '--port', '0', '--host', '127.0.0.1', '--quiet']
const STANDALONE = join(ROOT, 'bench', 'lib', 'servers', 'apollo-standalone-server.mjs')
const BODY = JSON.stringify({ query: GRAPHQL_QUERY })
const HEADERS = { 'content-type': 'application/json' }

/**
 * @param {{ connections?: number, warmupSeconds?: number, durationSeconds?: number, progress?: (text: string) => void }} [options]
 * @returns {Promise<Array<{ id: string, name: string, status: 'ok'|'error', reqPerSec: number, p50: number, p99: number, vsApollo?: number, note?: string }>>}
 *   p50/p99 in ms (autocannon's whole milliseconds); vsApollo on the reference row: the median over rounds of its req/s over Apollo's;
 *   cpuPerRequestUs: the server's CPU µs per request (median over rounds); vsApolloCpu: the median over rounds of Apollo's CPU per request over the reference server's.
 */
export async function graphqlThroughput(options = {}) {
  const { connections = 50, warmupSeconds = 1, durationSeconds = 5, progress = () => {} } = options
  const entries = [
    {
      id: 'reference',
      name: 'apictl serve  POST /graphql',
      start: () => startChildServer(APICTL_BIN, SERVE_ARGS, { probePath: '/graphql' }),
      path: '/graphql',
    },
    {
      id: 'apollo',
      name: 'Apollo Server standalone (stock)  POST /',
      start: () => startChildServer(STANDALONE, [], { probePath: '/' }),
      path: '/',
    },
  ]
  try {
    for (const entry of entries) {
      progress(`GraphQL starting ${entry.id}`)
      await startEntry(entry)
    }
    const alive = () => entries.filter((entry) => entry.status === 'ok')
    for (const entry of alive()) {
      progress(`GraphQL warm-up ${entry.id}`)
      await run(entry, connections, warmupSeconds).catch((error) => fail(entry, error))
    }
    for (let round = 0; round < durationSeconds; round++) {
      for (const entry of shuffled(alive())) {
        progress(`GraphQL round ${round + 1}/${durationSeconds}: ${entry.id}`)
        const result = await measuredRound(entry.server.pid, () => run(entry, connections, 1)).catch(
          (error) => fail(entry, error),
        )
        if (result) entry.slices[round] = result
      }
    }
  } finally {
    await Promise.all(entries.map((entry) => entry.server?.stop()))
  }
  const rows = entries.map((entry) =>
    summariseRounds(entry, entry.slices, { url: entry.url, connections, bodyBytes: entry.bodyBytes }),
  )
  const reference = rows.find((row) => row.id === 'reference')
  if (reference.status === 'ok' && entries[1].status === 'ok') {
    reference.vsApollo = pairedRatio(entries[0].slices, entries[1].slices)
    reference.vsApolloCpu = pairedCpuRatio(entries[0].slices, entries[1].slices)
  } else if (reference.status === 'ok') reference.vsApollo = Number.NaN
  return rows
}

/** Starts a server and checks it answers the query with item 1 before it is measured. */
async function startEntry(entry) {
  entry.slices = []
  try {
    entry.server = await entry.start()
    entry.url = `${entry.server.url}${entry.path}`
    const response = await fetch(entry.url, { method: 'POST', headers: HEADERS, body: BODY })
    const text = await response.text()
    const item = response.ok ? JSON.parse(text).data?.item : undefined
    if (item?.id !== '1') throw new Error(`the query answered ${response.status}: ${text.slice(0, 200)}`)
    entry.bodyBytes = Buffer.byteLength(text)
    entry.status = 'ok'
  } catch (error) {
    fail(entry, error)
  }
}

function run(entry, connections, seconds) {
  return autocannon({
    url: entry.url,
    method: 'POST',
    headers: HEADERS,
    body: BODY,
    connections,
    duration: seconds,
    skipAggregateResult: true,
  })
}

function fail(entry, error) {
  entry.status = 'error'
  entry.note = `error: ${error.message}`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick')
  const rows = await graphqlThroughput(quick ? { warmupSeconds: 0.5, durationSeconds: 2 } : {})
  for (const row of rows) {
    const ratio =
      row.vsApollo === undefined
        ? ''
        : `  ${row.vsApollo.toFixed(2)}× Apollo (CPU per request: ${row.vsApolloCpu?.toFixed(2)}× less)`
    process.stdout.write(
      `${row.name.padEnd(44)} ${Math.round(row.reqPerSec).toString().padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ${Math.round(row.cpuPerRequestUs)} µs CPU/req${ratio}${row.note ? `  (${row.note})` : ''}\n`,
    )
  }
}
