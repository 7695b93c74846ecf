// Downloads: `apictl rest get URL --download FILE --force` against `curl -s -o FILE URL` (and a
// bare Node.js http.get piped to a file, the floor for a Node client), all
// fetching the same 100 MiB body from a bare node:http server in its own process, in paired
// rounds (order shuffled). Wall time from spawn to exit, and the peak RSS the kernel recorded
// for each process (/usr/bin/time -f %M), so nothing is missed between polls.
//
// Run on its own: node bench/lib/download-throughput.mjs [--quick]
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startChildServer } from './child-server.mjs'
import * as environment from './environment.mjs'
import { formatMs, formatRatio, renderTable } from './format.mjs'
import { judge } from './goals.mjs'
import { median, shuffled } from './stats.mjs'
import { TIME, timedWithRss } from './timed-with-rss.mjs'

const MIB = 100
const BYTES = MIB * 1024 * 1024
const SERVER = join(environment.ROOT, 'bench', 'lib', 'servers', 'big-body-server.mjs')
const BARE_DOWNLOAD = join(environment.ROOT, 'bench', 'lib', 'bare-download.mjs')

/**
 * @returns {Promise<{ rows: Array<{ id: 'apictl'|'curl', name: string, status: string, ms: number,
 *   rssMb: number, roundsMs: number[], vsCurl?: number, note?: string }>, notes: string[] }>}
 */
export async function downloadThroughput({ rounds = 5, progress = () => {} } = {}) {
  const notes = []
  const why = environment.cliUnavailable() ?? (existsSync(TIME) ? undefined : `${TIME} is not installed`)
  if (why) return { rows: [skipped('apictl', why), skipped('curl', why)], notes }
  const curl = environment.findExecutable('curl')
  const dir = await environment.makeTempDir('apictl-bench-download-')
  let server
  try {
    progress('downloads: starting the server')
    server = await startChildServer(SERVER, [String(MIB)], { probePath: '/probe' })
    const url = `${server.url}/blob.bin`
    const env = environment.apictlEnv(join(dir, 'config'))
    const entries = [
      {
        id: 'apictl',
        name: `apictl rest get URL --download FILE (${MIB} MiB)`,
        command: [
          process.execPath,
          environment.APICTL_BIN,
          'rest',
          'get',
          url,
          '--download',
          join(dir, 'a.bin'),
          '--force',
        ],
        file: join(dir, 'a.bin'),
        env,
      },
      {
        id: 'node',
        name: `bare Node.js: http.get piped to a file (${MIB} MiB)`,
        command: [process.execPath, BARE_DOWNLOAD, url, join(dir, 'n.bin')],
        file: join(dir, 'n.bin'),
        env: process.env,
      },
      curl && {
        id: 'curl',
        name: `curl -s -o FILE URL (${MIB} MiB)`,
        command: [curl, '-s', '--fail', '-o', join(dir, 'c.bin'), url],
        file: join(dir, 'c.bin'),
        env: process.env,
      },
    ].filter(Boolean)
    if (!curl) notes.push('curl is not installed: the apictl row has no comparison')
    for (const entry of entries) {
      entry.runs = []
      progress(`downloads: warm-up ${entry.id}`)
      await measure(entry).catch((error) => (entry.error = error.message))
    }
    for (let round = 0; round < rounds; round++) {
      for (const entry of shuffled(entries.filter((each) => !each.error))) {
        progress(`downloads: round ${round + 1}/${rounds}: ${entry.id}`)
        const run = await measure(entry).catch((error) => {
          entry.error = error.message
          return undefined
        })
        if (run) entry.runs[round] = run
      }
    }
    const rows = entries.map(summarise)
    const theirs = entries.find((entry) => entry.id === 'curl')
    if (theirs && !theirs.error) {
      for (const row of rows.filter((each) => each.status === 'ok' && each.id !== 'curl')) {
        const entry = entries.find((each) => each.id === row.id)
        const paired = entry.runs
          .map((run, round) => [run?.ms, theirs.runs[round]?.ms])
          .filter(([a, b]) => a !== undefined && b !== undefined)
        row.vsCurl = median(paired.map(([a, b]) => a / b))
      }
    }
    return { rows, notes }
  } finally {
    await server?.stop()
    await environment.removeDir(dir)
  }
}

/** One run: wall time, peak RSS, and the file checked to hold the whole body. */
async function measure(entry) {
  const run = await timedWithRss(entry.command, { env: entry.env })
  const size = existsSync(entry.file) ? statSync(entry.file).size : 0
  if (size !== BYTES) throw new Error(`the file has ${size} bytes, not ${BYTES}`)
  return run
}

function summarise(entry) {
  const runs = entry.runs.filter(Boolean)
  if (entry.error || runs.length === 0) {
    return {
      id: entry.id,
      name: entry.name,
      status: 'error',
      ms: Number.NaN,
      rssMb: Number.NaN,
      roundsMs: [],
      note: `error: ${entry.error ?? 'no rounds'}`,
    }
  }
  return {
    id: entry.id,
    name: entry.name,
    status: 'ok',
    ms: median(runs.map((run) => run.ms)),
    rssMb: Math.max(...runs.map((run) => run.rssMb)),
    roundsMs: runs.map((run) => Math.round(run.ms)),
  }
}

function skipped(id, why) {
  return {
    id,
    name: `${id}: ${MIB} MiB download`,
    status: 'skipped',
    ms: Number.NaN,
    rssMb: Number.NaN,
    roundsMs: [],
    note: `skipped: ${why}`,
  }
}

/** Section G of `npm run bench` (see sections.mjs). */
export const section = {
  async run(plan, progress) {
    const { rows, notes } = await downloadThroughput({ rounds: plan.quick ? 2 : 5, progress })
    const row = rows.find((each) => each.id === 'apictl')
    const ok = row?.status === 'ok'
    return {
      rows,
      notes,
      goals: [
        judge('downloadVsCurl', ok ? row.vsCurl : undefined, row?.note),
        judge('downloadRss', ok ? row.rssMb : undefined, row?.note),
      ],
    }
  },
  render(result) {
    const table = renderTable(
      [
        { title: `G. download of ${MIB} MiB to a file` },
        { title: 'median', align: 'right' },
        { title: 'peak RSS', align: 'right' },
        { title: '× curl', align: 'right' },
      ],
      result.rows.map((row) => [
        row.status === 'ok' ? row.name : `${row.name}  (${row.note ?? row.status})`,
        formatMs(row.ms),
        Number.isFinite(row.rssMb) ? `${Math.round(row.rssMb)} MB` : '–',
        row.vsCurl === undefined ? '' : formatRatio(row.vsCurl),
      ]),
    )
    return [table, ...result.notes.map((note) => `   note: ${note}`)].join('\n')
  },
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await section.run({ quick: process.argv.includes('--quick') }, () => {})
  process.stdout.write(`${section.render(result)}\n`)
  for (const goal of result.goals)
    process.stdout.write(`${goal.goal}: ${goal.display} (${goal.met ? 'ok' : 'MISSED'})\n`)
}
