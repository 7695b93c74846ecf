// Section H's --all rows: a walk of 500 pages × 200 items (servers/paged-server.mjs,
// items made per request) printed piped as JSON and as a table, each run under
// /usr/bin/time for its wall time and peak RSS, with the time from the start to
// the first bytes on stdout (read here, not sent to /dev/null).
import { spawn } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startChildServer } from './child-server.mjs'
import { APICTL_BIN, ROOT } from './environment.mjs'
import { median } from './stats.mjs'

const PAGED_SERVER = join(ROOT, 'bench', 'lib', 'servers', 'paged-server.mjs')
export const WALK = { pages: 500, perPage: 200 }

/** One run: wall seconds, peak RSS (MB) and ms to the first stdout bytes. */
function measureWalk(args, env) {
  return new Promise((resolve) => {
    const report = join(tmpdir(), `apictl-bench-walk-${process.pid}-${Math.random().toString(36).slice(2)}`)
    const started = performance.now()
    const child = spawn(
      '/usr/bin/time',
      ['-f', '%e %M', '-o', report, process.execPath, APICTL_BIN, ...args],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let firstMs
    let bytes = 0
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      firstMs ??= performance.now() - started
      bytes += chunk.length
    })
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 4096) stderr += chunk
    })
    child.on('close', async (code) => {
      const text = await readFile(report, 'utf8').catch(() => '')
      await rm(report, { force: true })
      const [seconds, kilobytes] = (/(\S+) (\d+)\s*$/.exec(text) ?? []).slice(1).map(Number)
      resolve({
        ms: seconds * 1000,
        mb: kilobytes / 1024,
        firstMs,
        bytes,
        failure:
          code === 0 && stderr === '' ? undefined : `exit ${code}: ${stderr.trim().split('\n')[0] ?? ''}`,
      })
    })
  })
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
