// Section C: server throughput on loopback with autocannon. Each server runs in
// its own process (so autocannon, in this one, never shares its event loop),
// gets a short warm-up, then a bounded measured run, then is stopped.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startChildServer } from './child-server.mjs'
import { APICTL_BIN, ROOT, SERVER_SCRIPTS } from './environment.mjs'
import { formatRate, formatRatio, formatWholeMs, goalNote, renderTable } from './format.mjs'
import { median, shuffled } from './stats.mjs'

const GOAL_VS_BARE = 0.7
const GOAL_VS_JSON_SERVER = 5
const GOAL_P99_MS = 15
const NOT_EXPORTED = 78
const SERVE_ARGS = ['serve', '--port', '0', '--host', '127.0.0.1', '--quiet']

export async function throughputSection(settings, progress) {
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
      () => startChildServer(SERVER_SCRIPTS.reference, [], { probePath: '/v1/items/1' }),
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
    await measure(entries, settings, progress)
  } finally {
    await Promise.all(entries.map((entry) => entry.server?.stop()))
  }
  const results = entries.map((entry) => summarise(entry, settings))
  const ratios = pairedRatios(entries)
  const referenceResult = results.find((result) => result.id === 'reference')
  if (referenceResult.status === 'ok') referenceResult.ratios = ratios
  return { ...settings, notes, results, goals: throughputGoals(referenceResult, ratios) }
}

async function startEntry(id, label, path, start, progress) {
  progress(`C starting ${id}`)
  try {
    const server = await start()
    const entry = { id, label, path, server, url: `${server.url}${path}`, probe: server.probe, slices: [] }
    if (server.probe.status !== 200) {
      return { ...entry, status: 'error', note: `error: GET ${path} answered ${server.probe.status}` }
    }
    return { ...entry, status: 'ok' }
  } catch (error) {
    if (error.exitCode === NOT_EXPORTED) {
      return { id, label, status: 'skipped', note: `skipped: ${error.message.replace(/^.*?: /, '')}` }
    }
    return { id, label, status: 'error', note: `error: ${error.message}` }
  }
}

/**
 * A warm-up per server, then one-second runs interleaved in a shuffled order
 * each round, so background load shifts every server alike.
 */
async function measure(entries, { warmupSeconds, durationSeconds, connections }, progress) {
  const alive = () => entries.filter((entry) => entry.status === 'ok')
  for (const entry of alive()) {
    progress(`C warm-up ${entry.id}`)
    await slice(entry, connections, warmupSeconds).catch((error) => fail(entry, error))
  }
  for (let round = 0; round < durationSeconds; round++) {
    for (const entry of shuffled(alive())) {
      progress(`C round ${round + 1}/${durationSeconds}: ${entry.id}`)
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

function summarise(entry, { connections }) {
  const { id, label, status, note, url } = entry
  if (status !== 'ok') return { id, label, status, note }
  const slices = entry.slices.filter(Boolean)
  const merged = autocannon.aggregateResult(slices, { url, connections })
  const seconds = slices.reduce((sum, result) => sum + result.duration, 0)
  const completed = slices.reduce((sum, result) => sum + result.totalCompletedRequests, 0)
  const problems = []
  if (merged.non2xx) problems.push(`${merged.non2xx} non-2xx`)
  if (merged.errors) problems.push(`${merged.errors} errors`)
  if (merged.timeouts) problems.push(`${merged.timeouts} timeouts`)
  return {
    id,
    label,
    status,
    url,
    bodyBytes: entry.probe.body.length,
    requestsPerSecond: completed / seconds,
    totalRequests: completed,
    seconds,
    perRunRequestsPerSecond: slices.map((result) => Math.round(perSecond(result))),
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

/** The reference server's req/s over each other's, per round, then the median over rounds. */
function pairedRatios(entries) {
  const byId = Object.fromEntries(entries.map((entry) => [entry.id, entry]))
  const ratio = (other) => {
    if (byId.reference?.status !== 'ok' || other?.status !== 'ok') return Number.NaN
    const rounds = byId.reference.slices
      .map((result, round) => [result, other.slices[round]])
      .filter(([mine, theirs]) => mine && theirs)
    return median(rounds.map(([mine, theirs]) => perSecond(mine) / perSecond(theirs)))
  }
  return { bare: ratio(byId.bare), jsonServer: ratio(byId.jsonServer) }
}

async function fallbackItem() {
  const items = JSON.parse(await readFile(join(ROOT, 'fixtures', 'seed', 'items.json'), 'utf8'))
  const { reviews: _reviews, ...item } = items[0]
  return item
}

function throughputGoals(reference, ratios) {
  const measured = reference.status === 'ok'
  const vsBare = measured && Number.isFinite(ratios.bare) ? ratios.bare : null
  const vsJsonServer = measured && Number.isFinite(ratios.jsonServer) ? ratios.jsonServer : null
  const p99 = measured ? reference.latencyMs.p99 : null
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
  const title =
    `C. Server throughput: autocannon, ${connections} connections, loopback, each server in its own process; ` +
    `a ${warmupSeconds} s warm-up each, then ${durationSeconds} rounds of one 1 s run per server in shuffled order (higher req/s is better)`
  const footer = section.notes.map((note) => `   note: ${note}`).join('\n')
  return `${title}\n\n${renderTable(columns, rows)}${footer ? `\n${footer}` : ''}`
}
