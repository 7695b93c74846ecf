import { spawn, spawnSync } from 'node:child_process'
import { CLI, isolatedEnv } from './run-cli.js'

const PYTHON = '/usr/bin/python3'

/** Python's pty module gives the CLI a real terminal for stdout and stderr (and records every byte it writes). */
export const hasPty = spawnSync(PYTHON, ['-c', 'import pty']).status === 0

const ptyScript = `
import os, pty, sys
status = pty.spawn(sys.argv[1:])
sys.exit(os.waitstatus_to_exitcode(status))
`

export interface TerminalResult {
  code: number | null
  /** Everything the terminal received, stdout and stderr interleaved, decoded as UTF-8. */
  screen: string
}

/**
 * Runs the real CLI with a pseudo-terminal as stdout and stderr, and
 * returns the bytes a terminal would have received: what an escape
 * sequence from a server would do to a user's screen is what reaches here.
 */
export function runInTerminal(
  args: string[],
  env: Record<string, string | undefined> = isolatedEnv(),
  /** Typed on the terminal (lines for the REPL; end with `.exit`). */
  input = '',
  /** The working directory (where a download lands). */
  cwd?: string,
): Promise<TerminalResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ['-c', ptyScript, process.execPath, CLI, ...args], {
      env: { COLUMNS: '100', TERM: 'xterm', ...env } as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
      cwd,
    })
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(killer)
      resolve({ code, screen: Buffer.concat(chunks).toString('utf8') })
    })
    child.stdin.end(input)
  })
}
