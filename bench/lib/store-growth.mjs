// Section F: the reference store as it grows. For each data file format (FILE.json,
// any other name SQLite) and size (40 items: the seed; 10,000 and 100,000: generated
// stores loaded with `serve --seed`), `apictl serve --data FILE` is started on a file
// made beforehand and measured for: start-up (spawn to "listening", i.e. Node, the CLI
// and loading the file), list latency at 50 connections (REST GET /v1/items?page= a
// middle page, GraphQL items(limit: 100), SOAP ListItems limit 100) and the durable
// write rate at 10 writers (PATCH of existing items, so the size stays as labelled;
// each answer is sent only once the write is on disk).
import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { fetchOnce, startChildServer } from './child-server.mjs'
import { APICTL_BIN, cliUnavailable, makeTempDir, removeDir, SERVE_ARGS } from './environment.mjs'
import { formatMs, formatRate, formatRatio, formatWholeMs, goalShort, renderTable } from './format.mjs'
import { judge } from './goals.mjs'
import { median } from './stats.mjs'

const SIZES = [40, 10_000, 100_000]
const FORMATS = [
  { id: 'json', label: 'JSON', extension: 'json' },
  { id: 'sqlite', label: 'SQLite', extension: 'db' },
]
const LIST_CONNECTIONS = 50
const WRITERS = 10
const AUTHORIZATION = `Basic ${Buffer.from('demo:demo').toString('base64')}`

export const section = {
  async run(plan, progress) {
    const cli = cliUnavailable()
    if (cli) throw new Error(cli)
    const seconds = plan.quick ? 1 : (plan.duration ?? 3)
    const dir = await makeTempDir('apictl-bench-store-')
    const rows = []
    try {
      const seeds = new Map()
      for (const size of SIZES) {
        if (size === 40) continue
        progress(`F generating a store of ${size} items`)
        const file = join(dir, `seed-${size}.json`)
        await writeFile(file, generatedStore(size))
        seeds.set(size, file)
      }
      for (const format of FORMATS) {
        for (const size of SIZES) {
          progress(`F ${format.label} ${size} items`)
          rows.push(
            await measureStore({ dir, format, size, seed: seeds.get(size), seconds }, (step) =>
              progress(`F ${format.label} ${size}: ${step}`),
            ).catch((error) => ({ format: format.id, size, error: error.message })),
          )
        }
      }
    } finally {
      await removeDir(dir)
    }
    return { seconds, rows, goals: judgeStore(rows) }
  },

  render(result) {
    const columns = [
      { title: 'store', align: 'left' },
      { title: 'start-up', align: 'right' },
      { title: 'REST list p50/p99', align: 'right' },
      { title: 'REST list', align: 'right' },
      { title: 'GraphQL 100 p99', align: 'right' },
      { title: 'SOAP 100 p99', align: 'right' },
      { title: 'durable writes', align: 'right' },
      { title: 'write p99', align: 'right' },
    ]
    const table = result.rows.map((row) => {
      const label = `${row.format === 'sqlite' ? 'SQLite' : 'JSON'} ${row.size.toLocaleString('en-US')} items`
      if (row.error) return `${label}: error: ${row.error}`
      return [
        label,
        formatMs(row.startupMs),
        `${formatWholeMs(row.rest.p50)} / ${formatWholeMs(row.rest.p99)}`,
        formatRate(row.rest.reqPerSec),
        formatWholeMs(row.graphql.p99),
        formatWholeMs(row.soap.p99),
        `${Math.round(row.writes.perSecond).toLocaleString('en-US')} /s`,
        formatWholeMs(row.writes.p99),
      ]
    })
    const growth = (format) => {
      const at = (size) => result.rows.find((row) => row.format === format && row.size === size)
      const small = at(40)?.writes?.perSecond
      const large = at(100_000)?.writes?.perSecond
      return formatRatio(large / small)
    }
    const notes = [
      `durable write rate at 100k over the rate at 40: JSON ${growth('json')}, SQLite ${growth('sqlite')}`,
      ...result.goals.map((goal) => `${goal.goal}: ${goal.display}, ${goalShort(goal)}`),
    ]
    return [
      `F. Store growth: ${LIST_CONNECTIONS} connections for lists, ${WRITERS} writers (PATCH), ${result.seconds} s each, per format and size`,
      '',
      renderTable(columns, table),
      ...notes.map((note) => `   ${note}`),
    ].join('\n')
  },
}

/** A store document of `size` items shaped like the seed's (a few tags, some reviews). */
export function generatedStore(size) {
  const tags = [
    'electronics',
    'office',
    'kitchen',
    'garden',
    'toys',
    'books',
    'audio',
    'outdoor',
    'home',
    'sport',
  ]
  const lines = []
  for (let index = 1; index <= size; index++) {
    const time = new Date(Date.UTC(2024, 0, 1) + index * 1000).toISOString()
    const itemTags = [...new Set([tags[index % 10], tags[(index * 7) % 10]])]
    const reviews =
      index % 10 ? [] : [{ id: String(index), rating: 1 + (index % 5), comment: 'fine', author: 'bench' }]
    lines.push(
      JSON.stringify({
        id: String(index),
        name: `Item ${index}`,
        description: index % 3 ? `Description of item ${index}` : null,
        price: (index % 500) + 0.99,
        quantity: index % 50,
        tags: itemTags,
        createdAt: time,
        updatedAt: time,
        reviews,
      }),
    )
  }
  return `[\n${lines.join(',\n')}\n]\n`
}

async function measureStore({ dir, format, size, seed, seconds }, progress) {
  const dataFile = join(dir, `store-${size}.${format.extension}`)
  const args = [...SERVE_ARGS, '--data', dataFile, ...(seed ? ['--seed', seed] : [])]
  progress('making the file')
  await (await startChildServer(APICTL_BIN, args, { probePath: '/v1/items/1', timeoutMs: 120_000 })).stop()
  progress('start-up')
  const startups = []
  for (let run = 0; run < 3; run++) startups.push(await timeStartup([...SERVE_ARGS, '--data', dataFile]))
  const server = await startChildServer(APICTL_BIN, [...SERVE_ARGS, '--data', dataFile], {
    probePath: '/v1/items/1',
  })
  try {
    const page = Math.max(1, Math.ceil(size / 20 / 2))
    progress('REST list')
    const rest = await load({
      url: `${server.url}/v1/items?page=${page}`,
      connections: LIST_CONNECTIONS,
      seconds,
    })
    const listPage = Math.max(1, Math.ceil(size / 100 / 2))
    progress('GraphQL list')
    await fetchOnce(`${server.url}/graphql?query=${encodeURIComponent('{ itemCount }')}`) // loads the GraphQL half
    const graphql = await load({
      url: `${server.url}/graphql`,
      connections: LIST_CONNECTIONS,
      seconds,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ items(page: ${listPage}, limit: 100) { id name price quantity tags } }`,
      }),
    })
    progress('SOAP list')
    const soap = await load({
      url: `${server.url}/soap`,
      connections: LIST_CONNECTIONS,
      seconds,
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"urn:apictl:items#ListItems"' },
      body:
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="urn:apictl:items">' +
        `<soap:Body><tns:ListItems><tns:page>${listPage}</tns:page><tns:limit>100</tns:limit></tns:ListItems></soap:Body></soap:Envelope>`,
    })
    progress('durable writes')
    let next = 0
    const writes = await load({
      url: server.url,
      connections: WRITERS,
      seconds: format.id === 'json' && size > 10_000 ? Math.max(seconds, 3) : seconds,
      requests: [
        {
          method: 'PATCH',
          setupRequest: (request) => ({
            ...request,
            path: `/v1/items/${(next++ % Math.min(size, 1000)) + 1}`,
            headers: { 'content-type': 'application/json', authorization: AUTHORIZATION },
            body: JSON.stringify({ quantity: next }),
          }),
        },
      ],
    })
    return {
      format: format.id,
      size,
      startupMs: median(startups),
      startups,
      rest,
      graphql,
      soap,
      writes: { ...writes, perSecond: writes.acknowledged / writes.seconds },
    }
  } finally {
    await server.stop()
  }
}

/** Spawn to the "listening on" line of `apictl serve`, then stop it. */
function timeStartup(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [APICTL_BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
      if (/listening on/.test(stderr)) {
        const ms = performance.now() - started
        child.once('exit', () => resolve(ms))
        child.kill('SIGTERM')
      }
    })
    child.once('exit', (code) => {
      if (!/listening on/.test(stderr)) reject(new Error(`serve exited ${code}: ${stderr.trim()}`))
    })
  })
}

/**
 * One autocannon run after a 1 s warm-up (as section C does: the first requests to a path load its
 * half of the server and let V8 compile it, which is start-up, not the steady state the list bars
 * are about); latency in whole ms, acknowledged = 2xx answers. Writes are not warmed up.
 */
async function load({ url, connections, seconds, method, headers, body, requests }) {
  const options = { url, connections, duration: seconds, method, headers, body, requests }
  for (const key of Object.keys(options)) if (options[key] === undefined) delete options[key]
  if (requests === undefined) await autocannon({ ...options, duration: 1 })
  const result = await autocannon(options)
  const problems = []
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx`)
  if (result.errors) problems.push(`${result.errors} errors`)
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`)
  if (problems.length) throw new Error(`${method ?? 'GET'} ${url}: ${problems.join(', ')}`)
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    reqPerSec: result.requests.average,
    acknowledged: result['2xx'],
    seconds: result.duration,
  }
}

function judgeStore(rows) {
  const sqlite = (size) => rows.find((row) => row.format === 'sqlite' && row.size === size && !row.error)
  const large = sqlite(100_000)
  const small = sqlite(40)
  const why = large ? undefined : 'the SQLite 100k run failed'
  const rates = SIZES.map((size) => sqlite(size)?.writes.perSecond).filter((rate) => rate !== undefined)
  return [
    judge('storeStartup', large?.startupMs ?? null, why),
    judge('storeListP99', large?.rest.p99 ?? null, why),
    judge('storeGraphqlP99', large?.graphql.p99 ?? null, why),
    judge('storeSoapP99', large?.soap.p99 ?? null, why),
    judge(
      'storeWriteGrowth',
      large && small ? large.writes.perSecond / small.writes.perSecond : null,
      large && small ? undefined : 'a SQLite run failed',
    ),
    judge('storeWriteRate', rates.length === SIZES.length ? Math.min(...rates) / 2000 : null, why),
  ]
}
