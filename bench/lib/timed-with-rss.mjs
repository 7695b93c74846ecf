// One process timed from spawn to exit, with the peak RSS the kernel recorded for it
// (/usr/bin/time -f %M, so nothing is missed between polls).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

export const TIME = '/usr/bin/time'

/**
 * Runs `command` (argv) under /usr/bin/time, writing its report to `report`;
 * resolves to { ms, rssMb }, rejects with the last stderr line on a non-zero exit.
 */
export function timedWithRss(command, { env, report }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn(TIME, ['-f', '%M', '-o', report, ...command], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 4096) stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      if (code !== 0) return reject(new Error(`exit ${code}: ${stderr.trim().split('\n').at(-1) ?? ''}`))
      const kilobytes = Number(/(\d+)\s*$/.exec(readFileSync(report, 'utf8'))?.[1])
      resolve({ ms, rssMb: kilobytes / 1024 })
    })
  })
}
