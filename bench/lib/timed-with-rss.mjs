// One process timed from spawn to exit, with the peak RSS the kernel recorded for it
// (/usr/bin/time -f %M, so nothing is missed between polls). Every section that
// reports a peak RSS runs its commands through here.
import { spawn } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const TIME = '/usr/bin/time'

/**
 * Runs `command` (argv) under /usr/bin/time; resolves to { ms, mb, firstMs, code, stderr }: wall
 * ms from spawn to exit, the peak RSS in MB (of the largest process, for a shell pipeline), the
 * ms to the first stdout bytes when `onStdout` reads them (else stdout is ignored), the exit code
 * and the start of stderr. Rejects only when the command cannot be spawned.
 */
export function runUnderTime(command, { env, onStdout }) {
  return new Promise((resolve, reject) => {
    const report = join(tmpdir(), `apictl-bench-time-${process.pid}-${Math.random().toString(36).slice(2)}`)
    const started = performance.now()
    const child = spawn(TIME, ['-f', '%M', '-o', report, ...command], {
      env,
      stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'],
    })
    let firstMs
    child.stdout?.on('data', (chunk) => {
      firstMs ??= performance.now() - started
      onStdout(chunk)
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 4096) stderr += chunk
    })
    child.on('error', reject)
    child.on('close', async (code) => {
      const ms = performance.now() - started
      const text = await readFile(report, 'utf8').catch(() => '')
      await rm(report, { force: true })
      const kilobytes = Number(/(\d+)\s*$/.exec(text)?.[1])
      resolve({ ms, mb: kilobytes / 1024, firstMs, code, stderr })
    })
  })
}

/** The first line of a failed run's stderr, as `exit N: …`; undefined for a run that exited 0. */
export function failureOf(run) {
  return run.code === 0 ? undefined : `exit ${run.code}: ${run.stderr.trim().split('\n')[0] ?? ''}`
}

/** runUnderTime for a command that must succeed: { ms, rssMb }, or a rejection with its last stderr line. */
export async function timedWithRss(command, { env }) {
  const run = await runUnderTime(command, { env })
  if (run.code !== 0) throw new Error(`exit ${run.code}: ${run.stderr.trim().split('\n').at(-1) ?? ''}`)
  return { ms: run.ms, rssMb: run.mb }
}
