import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { tempDir } from './temp-dir.js'

export const CLI = join(import.meta.dirname, '..', '..', 'bin', 'apictl.cjs')

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
  ms: number
}

export interface CliOptions {
  env?: Record<string, string | undefined>
  input?: string
  /** Kill the process after this many ms (a test safety net, not a sleep). */
  killAfterMs?: number
  cwd?: string
}

/** A fresh, empty config, cache and data dir (so a fresh local store) per call unless the test passes its own. */
export function isolatedEnv(
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  const home = tempDir('apictl-test-')
  return {
    PATH: process.env.PATH,
    HOME: home,
    APICTL_CONFIG_DIR: join(home, 'config'),
    APICTL_CACHE_DIR: join(home, 'cache'),
    APICTL_DATA_DIR: join(home, 'data'),
    ...extra,
  }
}

/** Runs the real CLI as a user would: `node bin/apictl.cjs ARGS`, no terminal, capturing both streams. */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return runNode([CLI, ...args], options)
}

/** `node ARGS` (a script, or the CLI), no terminal, capturing both streams; stdin gets `input`, then closes. */
export function runNode(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: (options.env ?? isolatedEnv()) as NodeJS.ProcessEnv,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    // Decoded across reads: a character cut between two pipe reads stays whole.
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 15_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(killer)
      resolve({ code, stdout, stderr, ms: performance.now() - started })
    })
    child.stdin.end(options.input ?? '')
  })
}
