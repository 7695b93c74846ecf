// Section C: server throughput on loopback with autocannon. Each server runs in
// its own process (so autocannon, in this one, never shares its event loop),
// gets a short warm-up, then a bounded measured run, then is stopped.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startChildServer } from './child-server.mjs'
import { APICTL_BIN, ROOT, SERVER_SCRIPTS } from './environment.mjs'
import { formatRate, formatRatio, formatWholeMs, goalNote, renderTable } from './format.mjs'

const GOAL_VS_BARE = 0.7
const GOAL_VS_JSON_SERVER = 5
const GOAL_P99_MS = 15
const NOT_EXPORTED = 78
const SERVE_ARGS = ['serve', '--port', '0', '--host', '127.0.0.1', '--quiet']

export async function throughputSection(settings, progress) {
  const notes = []
  const results = []
  const run = (id, label, start, path) => measureServer({ id, label, start, path, settings, progress })

  // The reference server first: its answer is the body the other two serve. It
  // runs from the library (startServer) when dist/index.js exports it, else
  // through the CLI (`apictl serve --port 0 --quiet`), which says so in the row.
  let reference = await run(
    'reference',
    'apictl reference server  GET /v1/items/1',
    () => startChildServer(SERVER_SCRIPTS.reference, [], { probePath: '/v1/items/1' }),
    '/v1/items/1',
  )
  if (reference.status === 'skipped') {
    const why = reference.note
    reference = await run(
      'reference',
      'apictl serve --quiet  GET /v1/items/1',
      () => startChildServer(APICTL_BIN, SERVE_ARGS, { probePath: '/v1/items/1' }),
      '/v1/items/1',
    )
    notes.push(`reference server run as \`apictl ${SERVE_ARGS.join(' ')}\`: ${why.replace(/^skipped: /, '')}`)
  }
  results.push(reference)
  let body = reference.probe?.status === 200 ? reference.probe.body : undefined
  let contentType = reference.probe?.contentType || 'application/json'
  if (!body) {
    body = Buffer.from(JSON.stringify(await fallbackItem()))
    contentType = 'application/json'
    notes.push('the reference server gave no item, so the others serve item 1 of fixtures/seed/items.json')
  }
  results.push(
    await run(
      'bare',
      'bare node:http, same bytes  GET /v1/items/1',
      () => startChildServer(SERVER_SCRIPTS.bare, [body.toString('utf8'), contentType], { probePath: '/' }),
      '/v1/items/1',
    ),
  )
  results.push(
    await run(
      'jsonServer',
      'json-server 0.17, same item  GET /items/1',
      () => startChildServer(SERVER_SCRIPTS.jsonServer, [body.toString('utf8')], { probePath: '/items/1' }),
      '/items/1',
    ),
  )
  for (const result of results) delete result.probe
  return { ...settings, notes, results, goals: throughputGoals(results) }
}

async function measureServer({ id, label, start, path, settings, progress }) {
  const { warmupSeconds, durationSeconds, connections } = settings
  let server
  try {
    progress(`C ${id}: starting`)
    server = await start()
    const url = `${server.url}${path}`
    const probe = server.probe
    if (probe.status !== 200)
      return { id, label, status: 'error', note: `error: GET ${path} answered ${probe.status}` }
    progress(`C ${id}: warm-up ${warmupSeconds} s`)
    await autocannon({ url, connections, duration: warmupSeconds })
    progress(`C ${id}: measuring ${durationSeconds} s`)
    const result = await autocannon({ url, connections, duration: durationSeconds })
    const problems = []
    if (result.non2xx) problems.push(`${result.non2xx} non-2xx`)
    if (result.errors) problems.push(`${result.errors} errors`)
    if (result.timeouts) problems.push(`${result.timeouts} timeouts`)
    return {
      id,
      label,
      status: 'ok',
      url,
      probe,
      bodyBytes: probe.body.length,
      requestsPerSecond: result.requests.average,
      totalRequests: result.requests.total,
      latencyMs: {
        average: result.latency.average,
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      durationSeconds: result.duration,
      ...(problems.length ? { note: problems.join(', ') } : {}),
    }
  } catch (error) {
    if (error.exitCode === NOT_EXPORTED) {
      return { id, label, status: 'skipped', note: `skipped: ${error.message.replace(/^.*?: /, '')}` }
    }
    return { id, label, status: 'error', note: `error: ${error.message}` }
  } finally {
    await server?.stop()
  }
}

async function fallbackItem() {
  const items = JSON.parse(await readFile(join(ROOT, 'fixtures', 'seed', 'items.json'), 'utf8'))
  const { reviews: _reviews, ...item } = items[0]
  return item
}

function throughputGoals(results) {
  const byId = Object.fromEntries(results.map((result) => [result.id, result]))
  const reference = byId.reference
  const ok = (result) => result.status === 'ok'
  const ratio = (other) =>
    ok(reference) && ok(other) ? reference.requestsPerSecond / other.requestsPerSecond : null
  const vsBare = ratio(byId.bare)
  const vsJsonServer = ratio(byId.jsonServer)
  reference.ratios = { bare: vsBare ?? Number.NaN, jsonServer: vsJsonServer ?? Number.NaN }
  const p99 = ok(reference) ? reference.latencyMs.p99 : null
  return [
    {
      section: 'C',
      id: 'vsBare',
      goal: `reference ≥ ${GOAL_VS_BARE}× bare node:http req/s`,
      measured: vsBare,
      display: formatRatio(vsBare ?? Number.NaN),
      met: vsBare === null ? null : vsBare >= GOAL_VS_BARE,
    },
    {
      section: 'C',
      id: 'vsJsonServer',
      goal: `reference ≥ ${GOAL_VS_JSON_SERVER}× json-server req/s`,
      measured: vsJsonServer,
      display: formatRatio(vsJsonServer ?? Number.NaN),
      met: vsJsonServer === null ? null : vsJsonServer >= GOAL_VS_JSON_SERVER,
    },
    {
      section: 'C',
      id: 'p99',
      goal: `reference p99 < ${GOAL_P99_MS} ms at 50 connections`,
      measured: p99,
      display: formatWholeMs(p99 ?? Number.NaN),
      met: p99 === null ? null : p99 < GOAL_P99_MS,
    },
  ]
}

export function renderThroughput(section) {
  const rows = section.results.flatMap((result) => {
    const isReference = result.id === 'reference'
    // The goals hang under the reference row, one per line.
    const goals = isReference ? section.goals.map((goal) => `  ↳ ${goalNote(goal)}`) : []
    if (result.status !== 'ok') return [[result.label, '–', '–', '–', '–', '–', '–', result.note], ...goals]
    const row = [
      result.label,
      formatRate(result.requestsPerSecond),
      formatWholeMs(result.latencyMs.p50),
      formatWholeMs(result.latencyMs.p99),
      `${result.bodyBytes} B`,
      isReference ? formatRatio(result.ratios.bare) : '',
      isReference ? formatRatio(result.ratios.jsonServer) : '',
      result.note ?? '',
    ]
    return [row, ...goals]
  })
  const columns = [
    { title: 'server', align: 'left' },
    { title: 'throughput', align: 'right' },
    { title: 'p50', align: 'right' },
    { title: 'p99', align: 'right' },
    { title: 'body', align: 'right' },
    { title: '× bare', align: 'right' },
    { title: '× json-server', align: 'right' },
    { title: 'note', align: 'left' },
  ]
  const { connections, warmupSeconds, durationSeconds } = section
  const title = `C. Server throughput: autocannon, ${connections} connections, ${durationSeconds} s after a ${warmupSeconds} s warm-up, loopback, each server in its own process (higher req/s is better)`
  const footer = section.notes.map((note) => `   note: ${note}`).join('\n')
  return `${title}\n\n${renderTable(columns, rows)}${footer ? `\n${footer}` : ''}`
}
