// Request files: 1,000 requests in one .http file run by `apictl run FILE --parallel 8`
// (one process) against `apictl serve`, side by side with the same 1,000 requests sent
// Hurl-style as one `apictl rest get URL` process each, one after the other. Wall time
// from spawn to exit, and the peak RSS the kernel recorded (/usr/bin/time -f %M).
// --quick: 100 requests (both ways).
//
// Run on its own: node bench/lib/run-file-throughput.mjs [--quick]
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startChildServer } from './child-server.mjs'
import * as environment from './environment.mjs'
import { formatMs, formatRatio, renderTable } from './format.mjs'
import { judge } from './goals.mjs'
import { TIME, timedWithRss } from './timed-with-rss.mjs'

const GOAL = {
  id: 'runFileVsProcesses',
  of: 'one apictl rest process per request',
  issue: 16,
  section: 'I',
  text: 'apictl run: 1,000 requests in one file, --parallel 8, ≥ 10× faster than one apictl rest process each',
  kind: 'atLeast',
  limit: 10,
}

/** One process: wall ms and peak RSS (MB). */
function measured(command, env) {
  return timedWithRss(command, { env })
}

export async function runFileThroughput({ count = 1000, progress = () => {} } = {}) {
  const why = environment.cliUnavailable() ?? (existsSync(TIME) ? undefined : `${TIME} is not installed`)
  if (why) return { rows: [], count, note: `skipped: ${why}` }
  const dir = await environment.makeTempDir('apictl-bench-run-')
  let server
  try {
    progress('request files: starting apictl serve')
    server = await startChildServer(environment.APICTL_BIN, environment.SERVE_ARGS, {
      probePath: '/v1/items/1',
    })
    const env = environment.apictlEnv(join(dir, 'config'), join(dir, 'cache'))
    const paths = Array.from({ length: count }, (_, index) => `/v1/items/${(index % 40) + 1}`)
    const file = join(dir, 'load.http')
    writeFileSync(file, paths.map((path) => `GET {{base}}${path}\n\n?? status == 200\n`).join('\n###\n'))
    progress(`request files: apictl run (${count} requests, --parallel 8)`)
    const run = await measured(
      [
        process.execPath,
        environment.APICTL_BIN,
        'run',
        file,
        '--var',
        `base=${server.url}`,
        '--parallel',
        '8',
      ],
      env,
    )
    let sequentialMs = 0
    let sequentialRss = 0
    for (const [index, path] of paths.entries()) {
      if (index % 25 === 0) progress(`request files: apictl rest, process ${index + 1}/${count}`)
      const one = await measured(
        [process.execPath, environment.APICTL_BIN, 'rest', 'get', `${server.url}${path}`],
        env,
      )
      sequentialMs += one.ms
      sequentialRss = Math.max(sequentialRss, one.rssMb)
    }
    const rows = [
      {
        id: 'run',
        name: `apictl run FILE --parallel 8 (${count} requests, one process)`,
        ms: run.ms,
        rssMb: run.rssMb,
      },
      {
        id: 'processes',
        name: `apictl rest get URL × ${count}, one process each, sequential (Hurl-style)`,
        ms: sequentialMs,
        rssMb: sequentialRss,
      },
    ]
    return { rows, count, speedup: sequentialMs / run.ms }
  } finally {
    await server?.stop()
    await environment.removeDir(dir)
  }
}

/** Section I of `npm run bench` (see sections.mjs). */
export const section = {
  async run(plan, progress) {
    const result = await runFileThroughput({ count: plan.quick ? 100 : 1000, progress })
    const note = result.count === 1000 ? result.note : `${result.count} requests (--quick), not 1,000`
    return { ...result, goals: [judge(GOAL, result.speedup, note)] }
  },
  render(result) {
    if (result.rows.length === 0) return `I. request files: ${result.note}`
    const table = renderTable(
      [
        { title: `I. ${result.count} requests against apictl serve` },
        { title: 'wall', align: 'right' },
        { title: 'per request', align: 'right' },
        { title: 'peak RSS', align: 'right' },
      ],
      result.rows.map((row) => [
        row.name,
        formatMs(row.ms),
        formatMs(row.ms / result.count),
        `${Math.round(row.rssMb)} MB`,
      ]),
    )
    return `${table}\n   apictl run is ${formatRatio(result.speedup)} faster than one process per request`
  },
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await section.run({ quick: process.argv.includes('--quick') }, () => {})
  process.stdout.write(`${section.render(result)}\n`)
  for (const goal of result.goals)
    process.stdout.write(`${goal.goal}: ${goal.display} (${goal.met ? 'ok' : 'MISSED'})\n`)
}
