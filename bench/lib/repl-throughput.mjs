// REPL throughput: 100 GETs sent from one scripted `apictl repl` session (one
// process, connections kept alive) against 100 sequential `curl` runs (one
// process and one connection each), both against the same running
// `apictl serve --port 0`. The REPL's time includes its own start-up. Rounds
// alternate the two (which one goes first is shuffled), and the medians compare.
//
//   import { replThroughput } from './repl-throughput.mjs'
//   const { rows, notes } = await replThroughput({ requests: 100, rounds: 5 })
//
// Run on its own: node bench/lib/repl-throughput.mjs [--quick]
import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startChildServer } from './child-server.mjs'
import * as environment from './environment.mjs'
import { formatMs, formatRatio, renderTable } from './format.mjs'
import { judge } from './goals.mjs'
import { median, shuffled } from './stats.mjs'

/** The goal (issue 6): the REPL's 100 GETs take no longer than 100 curl runs. */
export const REPL_GOAL = { maxRatioToCurl: 1 }
const PATH = '/v1/items/1'

/**
 * @param {{ requests?: number, rounds?: number, progress?: (text: string) => void }} [options]
 * @returns {Promise<{ rows: Array<{ id: 'repl'|'curl', name: string, status: 'ok'|'error'|'skipped',
 *   totalMs: number, perRequestMs: number, roundsMs: number[], vsCurl?: number, goalMet?: boolean, note?: string }>,
 *   notes: string[] }>}
 *   totalMs: median over rounds of the wall time for all the requests; vsCurl on the REPL row: the
 *   median over rounds of the REPL's time over curl's in the same round (goal: ≤ 1).
 */
export async function replThroughput(options = {}) {
  const { requests = 100, rounds = 5, progress = () => {} } = options
  const notes = []
  const why = environment.cliUnavailable()
  if (why) return { rows: [skipped('repl', requests, why), skipped('curl', requests, why)], notes }
  const curl = environment.findExecutable('curl')
  const configDir = await environment.makeTempDir('apictl-bench-repl-')
  let server
  try {
    progress('REPL starting apictl serve')
    server = await startChildServer(environment.APICTL_BIN, environment.SERVE_ARGS, { probePath: PATH })
    await writeFile(
      join(configDir, 'config.json'),
      JSON.stringify({ version: 1, profiles: { bench: { rest: server.url } } }),
      { mode: 0o600 },
    )
    const env = environment.apictlEnv(configDir)
    const url = `${server.url}${PATH}`
    const entries = [
      {
        id: 'repl',
        name: `apictl repl: ${requests} × get ${PATH} in one session`,
        times: [],
        run: () => replSession(env, requests),
      },
      curl
        ? {
            id: 'curl',
            name: `curl: ${requests} sequential runs of curl -s ${PATH}`,
            times: [],
            run: () => curlRuns(curl, url, requests),
          }
        : undefined,
    ].filter(Boolean)
    if (!curl) notes.push('curl is not installed: the REPL row has no comparison')
    for (const entry of entries) {
      progress(`REPL warm-up ${entry.id}`)
      await entry.run().catch((error) => fail(entry, error))
    }
    for (let round = 0; round < rounds; round++) {
      for (const entry of shuffled(entries.filter((each) => !each.error))) {
        progress(`REPL round ${round + 1}/${rounds}: ${entry.id}`)
        const ms = await entry.run().catch((error) => fail(entry, error))
        if (ms !== undefined) entry.times[round] = ms
      }
    }
    const rows = entries.map((entry) => summarise(entry, requests))
    if (!curl) rows.push(skipped('curl', requests, 'curl is not installed'))
    const replEntry = entries.find((entry) => entry.id === 'repl')
    const curlEntry = entries.find((entry) => entry.id === 'curl')
    const replRow = rows.find((row) => row.id === 'repl')
    if (replRow.status === 'ok' && curlEntry && !curlEntry.error) {
      const paired = replEntry.times
        .map((ms, round) => [ms, curlEntry.times[round]])
        .filter(([mine, theirs]) => mine !== undefined && theirs !== undefined)
      replRow.vsCurl = median(paired.map(([mine, theirs]) => mine / theirs))
      replRow.goalMet = replRow.vsCurl <= REPL_GOAL.maxRatioToCurl
    }
    return { rows, notes }
  } finally {
    await server?.stop()
    await environment.removeDir(configDir)
  }
}

/** One `apictl repl --profile bench` reading the GET lines from stdin; resolves to its wall time (ms). */
function replSession(env, requests) {
  const input = `get ${PATH}\n`.repeat(requests)
  return timed(
    environment.APICTL_BIN,
    ['repl', '--profile', 'bench'],
    env,
    input,
    (stdout) => {
      const answers = stdout.split('"id": "1"').length - 1
      if (answers !== requests) throw new Error(`the session printed ${answers} items, not ${requests}`)
    },
    process.execPath,
  )
}

/** `curl -s URL` run `requests` times, one after another; resolves to the total wall time (ms). */
async function curlRuns(curl, url, requests) {
  const started = process.hrtime.bigint()
  for (let index = 0; index < requests; index++) {
    await timed(curl, ['-s', '--fail', url], process.env, undefined, (stdout) => {
      if (!stdout.includes('"id":"1"') && !stdout.includes('"id": "1"')) throw new Error('curl got no item')
    })
  }
  return Number(process.hrtime.bigint() - started) / 1e6
}

/** Runs a command to its end with `input` on stdin (none when undefined); checks its stdout; resolves to the wall time (ms). */
function timed(command, args, env, input, check, executable) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const stdio = [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe']
    const child = executable
      ? spawn(executable, [command, ...args], { env, stdio })
      : spawn(command, args, { env, stdio })
    const out = []
    const err = []
    child.stdout.on('data', (chunk) => out.push(chunk))
    child.stderr.on('data', (chunk) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      const stdout = Buffer.concat(out).toString('utf8')
      if (code !== 0) {
        reject(
          new Error(
            `exit ${code}: ${Buffer.concat(err).toString('utf8').trim().split('\n')[0] || 'no message'}`,
          ),
        )
        return
      }
      try {
        check(stdout)
        resolve(ms)
      } catch (error) {
        reject(error)
      }
    })
    if (input !== undefined) {
      child.stdin.on('error', reject)
      child.stdin.end(input)
    }
  })
}

function fail(entry, error) {
  entry.error = error.message
  return undefined
}

function summarise(entry, requests) {
  const times = entry.times.filter((ms) => ms !== undefined)
  if (entry.error || times.length === 0) {
    return {
      id: entry.id,
      name: entry.name,
      status: 'error',
      totalMs: Number.NaN,
      perRequestMs: Number.NaN,
      roundsMs: times,
      note: `error: ${entry.error ?? 'no rounds'}`,
    }
  }
  const totalMs = median(times)
  return {
    id: entry.id,
    name: entry.name,
    status: 'ok',
    totalMs,
    perRequestMs: totalMs / requests,
    roundsMs: times.map(Math.round),
  }
}

function skipped(id, requests, why) {
  return {
    id,
    name: `${id === 'repl' ? 'apictl repl' : 'curl'}: ${requests} GETs`,
    status: 'skipped',
    totalMs: Number.NaN,
    perRequestMs: Number.NaN,
    roundsMs: [],
    note: `skipped: ${why}`,
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick')
  const live = process.stderr.isTTY
  const { rows, notes } = await replThroughput({
    rounds: quick ? 2 : 5,
    progress: (text) => live && process.stderr.write(`\r\x1b[2K  … ${text}`),
  })
  if (live) process.stderr.write('\r\x1b[2K')
  for (const row of rows) {
    const figures =
      row.status === 'ok'
        ? `${Math.round(row.totalMs)} ms in all, ${row.perRequestMs.toFixed(2)} ms a request (rounds: ${row.roundsMs.join(', ')} ms)`
        : row.note
    process.stdout.write(`${row.name}\n  ${figures}\n`)
    if (row.vsCurl !== undefined) {
      process.stdout.write(
        `  ${row.vsCurl.toFixed(2)}× curl's time (goal ≤ ${REPL_GOAL.maxRatioToCurl}): ${row.goalMet ? 'met' : 'NOT met'}\n`,
      )
    }
  }
  for (const note of notes) process.stdout.write(`note: ${note}\n`)
}

/** Section D of `npm run bench` (see sections.mjs). */
export const section = {
  async run(plan, progress) {
    const { rows, notes } = await replThroughput({ rounds: plan.quick ? 2 : 5, progress })
    const repl = rows.find((row) => row.id === 'repl')
    const measured = repl?.status === 'ok' ? repl.vsCurl : undefined
    return { rows, notes, goals: [judge('replVsCurl', measured, repl?.note)] }
  },
  render(result) {
    const table = renderTable(
      [
        { title: 'D. one REPL session against curl runs' },
        { title: 'total', align: 'right' },
        { title: 'per request', align: 'right' },
        { title: '× curl', align: 'right' },
      ],
      result.rows.map((row) => [
        row.status === 'ok' ? row.name : `${row.name}  (${row.status}: ${row.note ?? ''})`,
        formatMs(row.totalMs),
        formatMs(row.perRequestMs),
        row.vsCurl === undefined ? '' : formatRatio(row.vsCurl),
      ]),
    )
    return [table, ...result.notes.map((note) => `   note: ${note}`)].join('\n')
  },
}
