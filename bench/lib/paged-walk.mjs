// Section H's --all rows: a walk of 500 pages × 200 items (servers/paged-server.mjs,
// items made per request) printed piped as JSON and as a table, each run under
// /usr/bin/time for its wall time and peak RSS, with the time from the start to
// the first bytes on stdout (read here, not sent to /dev/null).
import { join } from 'node:path'
import { startChildServer } from './child-server.mjs'
import { APICTL_BIN, ROOT } from './environment.mjs'
import { median } from './stats.mjs'
import { failureOf, runUnderTime } from './timed-with-rss.mjs'

const PAGED_SERVER = join(ROOT, 'bench', 'lib', 'servers', 'paged-server.mjs')
export const WALK = { pages: 500, perPage: 200 }

/** One run: wall ms, peak RSS (MB) and ms to the first stdout bytes (read here, not sent to /dev/null). */
async function measureWalk(args, env) {
  let bytes = 0
  const run = await runUnderTime([process.execPath, APICTL_BIN, ...args], {
    env,
    onStdout: (chunk) => {
      bytes += chunk.length
    },
  })
  // A walk that exits 0 but says something on stderr (a warning that it stopped early) failed too.
  const failure =
    failureOf(run) ?? (run.stderr === '' ? undefined : `stderr: ${run.stderr.trim().split('\n')[0]}`)
  return { ms: run.ms, mb: run.mb, firstMs: run.firstMs, bytes, failure }
}

/** Rows for section H: { id, label, medianMs, peakMb, firstMs, failure } per output mode. */
export async function pagedWalkRows(env, rounds, progress) {
  const server = await startChildServer(PAGED_SERVER, [], { probePath: '/items?pages=1&per_page=1' })
  try {
    const url = `${server.url}/items?pages=${WALK.pages}&per_page=${WALK.perPage}`
    const modes = [
      { id: 'walk-json', label: 'apictl rest get URL --all, piped', args: [] },
      { id: 'walk-table', label: 'apictl rest get URL --all -o table', args: ['-o', 'table'] },
    ]
    const rows = []
    for (const mode of modes) {
      const runs = []
      for (let round = 0; round < rounds; round++) {
        progress(`--all ${WALK.pages} pages: ${mode.id}, round ${round + 1}/${rounds}`)
        const args = [
          'rest',
          'get',
          url,
          '--all',
          '--max-pages',
          String(WALK.pages),
          '--no-lint',
          ...mode.args,
        ]
        runs.push(await measureWalk(args, env))
      }
      const ok = runs.filter((run) => run.failure === undefined)
      rows.push({
        id: mode.id,
        label: mode.label,
        medianMs: median(ok.map((run) => run.ms)),
        peakMb: ok.length > 0 ? Math.max(...ok.map((run) => run.mb)) : Number.NaN,
        firstMs: median(ok.map((run) => run.firstMs)),
        failure: runs.find((run) => run.failure)?.failure,
      })
    }
    return rows
  } finally {
    await server.stop()
  }
}
