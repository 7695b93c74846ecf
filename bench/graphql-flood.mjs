// The GraphQL cost bar of issue 11, measured: 4 clients send 400 aliases of items(limit: 100) (22 KB) to a real
// `apictl serve` for a few seconds while a bystander on another address asks GET /v1/items/1 every 20 ms;
// its p50/p99 are compared, in paired rounds (random order per round), with the same probe and no flood.
// The flood runs in a child process, so the probe's figures are the server's, not the flooding client's.
//   node bench/graphql-flood.mjs [--rounds 5] [--seconds 3] [--same-process]
import { fork } from 'node:child_process'
import { Agent, request } from 'node:http'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startChildServer } from './lib/child-server.mjs'
import { median, percentile, shuffled } from './lib/stats.mjs'

const here = fileURLToPath(import.meta.url)
const bin = fileURLToPath(new URL('../bin/apictl.cjs', import.meta.url))
const document = `{ ${Array.from({ length: 400 }, (_, i) => `a${i}: items(limit: 100) { id name description price tags }`).join(' ')} }`

function post(url, body, agent) {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode))
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

/** The attack: `concurrency` loops posting the document until `ms` pass; the statuses seen. */
export async function flood(url, ms, concurrency = 4) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const body = JSON.stringify({ query: document })
  const statuses = {}
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() - started < ms) {
        const status = await post(`${url}/graphql`, body, agent)
        statuses[status] = (statuses[status] ?? 0) + 1
      }
    }),
  )
  agent.destroy()
  return statuses
}

/** GET /v1/items/1 from 127.0.0.3 every `everyMs` for `ms`: the latencies. */
async function probe(url, ms, everyMs = 20) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.0.0.3' })
  const latencies = []
  const started = performance.now()
  while (performance.now() - started < ms) {
    const at = performance.now()
    await new Promise((resolve, reject) => {
      const outgoing = request(`${url}/v1/items/1`, { agent }, (response) => {
        response.resume()
        response.on('end', resolve)
      })
      outgoing.on('error', reject)
      outgoing.end()
    })
    latencies.push(performance.now() - at)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  agent.destroy()
  return latencies
}

/** One flood in a child process (this script with --child), resolving to its statuses. */
function floodInChild(url, ms) {
  return new Promise((resolve, reject) => {
    const child = fork(here, ['--child', url, String(ms)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    child.once('message', resolve)
    child.once('error', reject)
  })
}

const figures = (latencies) => ({
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
  n: latencies.length,
})
const ms = (value) => `${value.toFixed(1)} ms`

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '3' },
      'same-process': { type: 'boolean', default: false },
    },
  })
  const rounds = Number(values.rounds)
  const duration = Number(values.seconds) * 1000
  const serve = await startChildServer(bin, ['serve', '--port', '0', '--host', '127.0.0.1', '--quiet'], {
    probePath: '/v1/items/1',
  })
  const load = loadavg().map((value) => value.toFixed(2))
  try {
    await post(`${serve.url}/graphql`, JSON.stringify({ query: '{ itemCount }' }))
    const results = { quiet: [], flood: [] }
    const statuses = []
    for (let round = 0; round < rounds; round++) {
      for (const kind of shuffled(['quiet', 'flood'])) {
        // A fresh budget for the flooding address each round: wait out its refill (20 s for 20 refusals).
        if (kind === 'flood' && round > 0) await new Promise((resolve) => setTimeout(resolve, 21_000))
        const attack =
          kind === 'quiet'
            ? Promise.resolve(undefined)
            : values['same-process']
              ? flood(serve.url, duration)
              : floodInChild(serve.url, duration)
        const [latencies, seen] = await Promise.all([probe(serve.url, duration), attack])
        results[kind].push(figures(latencies))
        if (seen) statuses.push(seen)
      }
      const last = (kind) => results[kind].at(-1)
      process.stdout.write(
        `round ${round + 1}: quiet p50 ${ms(last('quiet').p50)} p99 ${ms(last('quiet').p99)} | flood p50 ${ms(last('flood').p50)} p99 ${ms(last('flood').p99)} (${JSON.stringify(statuses.at(-1))})\n`,
      )
    }
    const summary = (kind) =>
      `p50 ${ms(median(results[kind].map((r) => r.p50)))}, p99 ${ms(median(results[kind].map((r) => r.p99)))} (median of ${rounds} rounds)`
    process.stdout.write(
      `quiet: ${summary('quiet')}\nflood: ${summary('flood')}\nload average at the start: ${load.join(' ')}, at the end: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}\n`,
    )
  } finally {
    await serve.stop()
  }
}

if (process.argv[2] === '--child') {
  const statuses = await flood(process.argv[3], Number(process.argv[4]))
  process.send(statuses, () => process.exit(0))
} else {
  await main()
}
