import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { CLI, isolatedEnv } from '../../../../support/run-cli.js'

/** Polls `check` until it holds (a test waiting on another process, not a sleep); fails after `timeoutMs`. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export interface RunningCli {
  child: ChildProcessWithoutNullStreams
  stdout(): string
  stderr(): string
  exited: Promise<number | null>
}

/** Starts the real CLI and returns at once, so a test can act while it runs (subscriptions, Ctrl-C). */
export function startCli(
  args: string[],
  env: Record<string, string | undefined> = isolatedEnv(),
): RunningCli {
  const child = spawn(process.execPath, [CLI, ...args], { env: env as NodeJS.ProcessEnv, stdio: 'pipe' })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  child.stdin.end()
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer)
      resolve(code)
    }),
  )
  return { child, stdout: () => stdout, stderr: () => stderr, exited }
}
