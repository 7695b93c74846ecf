import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLI, type CliOptions, isolatedEnv } from './run-cli.js'

export interface MeasuredResult {
  code: number | null
  /** The first 64 KiB of stdout (the rest is counted, not kept: a hostile body can be gigabytes). */
  stdout: string
  stdoutBytes: number
  stderr: string
  ms: number
  /** The child's peak resident set size in MB (wait4's ru_maxrss, through /usr/bin/time). */
  peakRssMb: number
  /** The child's CPU time, user and system, in ms: what it cost, whatever else the machine was doing. */
  cpuMs: number
  /** Set when the watchdog killed the child for growing past `rssCapMb`. */
  killedForMemory: boolean
}

export interface MeasuredOptions extends CliOptions {
  /** Kill the child when its RSS passes this many MB (default 2,000): a regression must not take the machine down. */
  rssCapMb?: number
}

const TIME = '/usr/bin/time'
const KEEP = 64 * 1024

/**
 * Runs the real CLI as runCli does, and measures the process's peak RSS and
 * CPU time the kernel recorded (`/usr/bin/time -f '%U %S %M'`: no polling, so
 * no peak is missed).
 * stdout is counted and only its head kept.
 */
export function runMeasured(args: string[], options: MeasuredOptions = {}): Promise<MeasuredResult> {
  if (!existsSync(TIME)) throw new Error(`${TIME} is needed to measure peak memory (apt-get install time)`)
  const dir = mkdtempSync(join(tmpdir(), 'apictl-rss-'))
  const report = join(dir, 'rss')
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(TIME, ['-f', '%U %S %M', '-o', report, process.execPath, CLI, ...args], {
      env: (options.env ?? isolatedEnv()) as NodeJS.ProcessEnv,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const head: Buffer[] = []
    let stdoutBytes = 0
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutBytes < KEEP) head.push(chunk.subarray(0, KEEP - stdoutBytes))
      stdoutBytes += chunk.length
    })
    child.stderr.on('data', (chunk) => {
      if (stderr.length < KEEP) stderr += chunk
    })
    let killedForMemory = false
    const cap = (options.rssCapMb ?? 2000) * 1024
    const watchdog = setInterval(() => {
      const pid = nodePid(child.pid)
      if (pid !== undefined && residentKb(pid) > cap) {
        killedForMemory = true
        process.kill(pid, 'SIGKILL')
      }
    }, 100)
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 30_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(killer)
      clearInterval(watchdog)
      const ms = performance.now() - started
      const text = existsSync(report) ? readFileSync(report, 'utf8') : ''
      rmSync(dir, { recursive: true, force: true })
      // time(1) writes "Command exited with non-zero status N" before the figures.
      const [, user, system, kilobytes] = /([\d.]+) ([\d.]+) (\d+)\s*$/.exec(text) ?? []
      resolve({
        code,
        stdout: Buffer.concat(head).toString('utf8'),
        stdoutBytes,
        stderr,
        ms,
        peakRssMb: Number(kilobytes ?? Number.NaN) / 1024,
        cpuMs: (Number(user ?? Number.NaN) + Number(system ?? Number.NaN)) * 1000,
        killedForMemory,
      })
    })
    child.stdin.end(options.input ?? '')
  })
}

/** The node process time(1) started (its only child). */
function nodePid(timePid: number | undefined): number | undefined {
  if (timePid === undefined) return undefined
  try {
    const children = readFileSync(`/proc/${timePid}/task/${timePid}/children`, 'utf8').trim()
    return children === '' ? undefined : Number(children.split(' ')[0])
  } catch {
    return undefined
  }
}

function residentKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}
