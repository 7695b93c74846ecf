import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { homedir } from 'node:os'
import { join } from 'node:path'

/** A stock server run as its own process (json-server, Prism, PHP's built-in server) on 127.0.0.1. */
export interface StockProcess {
  url: string
  port: number
  /** Everything it printed so far, for failure messages. */
  output(): string
  stop(): Promise<void>
}

export interface StockProcessOptions {
  command: string
  /** The arguments for a port (a free one, found just before). */
  args(port: number): string[]
  /** A line on stdout or stderr that says it is listening. */
  ready: RegExp
  env?: Record<string, string | undefined>
  cwd?: string
  /** How long it may take to start. */
  startMs?: number
}

/** Where .ci/run installs witnesses that are not dependencies of the project (Prism). */
export function witnessDir(): string {
  const cache = process.env.XDG_CACHE_HOME || join(process.env.HOME || homedir(), '.cache')
  return process.env.APICTL_WITNESS_DIR || join(cache, 'apictl-witnesses')
}

/** Undefined when `command --version` (or the given check) runs; else why the witness is skipped. */
export function missingTool(command: string, args: string[], install: string): string | undefined {
  if (command.includes('/') && !existsSync(command)) return `${command} is not there (${install})`
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 20_000 })
    return undefined
  } catch {
    return `${command} ${args.join(' ')} fails (${install})`
  }
}

/** Says in the run's output why a witness is skipped, not only as a skipped count. */
export function sayWhySkipped(witness: string, missing: string | undefined): void {
  if (missing !== undefined) console.warn(`${witness} witness skipped: ${missing}`)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Starts the process on a free port and resolves once it prints its ready
 * line; a process that exits first (the port taken meanwhile) is tried again
 * on another port, twice at most.
 */
export async function startStockProcess(options: StockProcessOptions): Promise<StockProcess> {
  let lastError: unknown
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(options, await freePort())
    } catch (error) {
      lastError = error
    }
  }
  throw lastError
}

function startOnce(options: StockProcessOptions, port: number): Promise<StockProcess> {
  const child: ChildProcess = spawn(options.command, options.args(port), {
    cwd: options.cwd,
    env: { ...process.env, ...options.env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`${options.command} did not start in time:\n${output}`))
    }, options.startMs ?? 30_000)
    const seen = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (!options.ready.test(output)) return
      clearTimeout(timer)
      resolve({ url: `http://127.0.0.1:${port}`, port, output: () => output, stop })
    }
    child.stdout?.on('data', seen)
    child.stderr?.on('data', seen)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${options.command} exited (${code}) before it was ready:\n${output}`))
    })
  })
}
