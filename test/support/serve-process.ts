import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { CLI, isolatedEnv } from './run-cli.js'

/** `apictl serve` as its own process, so its memory can be measured apart from the test's. */
export interface ServeProcess {
  url: string
  pid: number
  /** Peak resident set size so far, in MB (the kernel's VmHWM: no peak is missed between readings). */
  peakRssMb(): number
  /** Current resident set size, in MB. */
  rssMb(): number
  /** False once the process has ended (crashed, or killed by the memory watchdog). */
  alive(): boolean
  /** True when the watchdog killed it for passing the RSS cap. */
  killedForMemory(): boolean
  stop(): Promise<void>
}

function statusField(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024
}

/**
 * Starts `node bin/apictl.cjs serve --port 0 --quiet ARGS` and waits for its
 * address. A watchdog kills it past `rssCapMb` (default 2,000): a regression
 * must not take the machine down.
 */
export function startServeProcess(args: string[] = [], rssCapMb = 2000): Promise<ServeProcess> {
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--quiet', ...args], {
    env: isolatedEnv() as NodeJS.ProcessEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let ended = false
  let killedForMemory = false
  const watchdog = setInterval(() => {
    if (ended || child.pid === undefined) return
    if (statusField(child.pid, 'VmRSS') > rssCapMb) {
      killedForMemory = true
      child.kill('SIGKILL')
    }
  }, 100)
  child.on('exit', () => {
    ended = true
    clearInterval(watchdog)
  })
  return new Promise((resolve, reject) => {
    let stderr = ''
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 15_000)
    child.stderr?.on('data', (chunk) => {
      stderr += chunk
      const match = /listening on (http:\/\/\S+)/.exec(stderr)
      if (match === null) return
      clearTimeout(timer)
      const pid = child.pid!
      resolve({
        url: match[1]!,
        pid,
        peakRssMb: () => statusField(pid, 'VmHWM'),
        rssMb: () => statusField(pid, 'VmRSS'),
        alive: () => !ended,
        killedForMemory: () => killedForMemory,
        stop: () =>
          new Promise((done) => {
            if (ended) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
    child.on('error', reject)
  })
}
