import { execFileSync, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { tempDir } from '../../support/temp-dir.js'

/** True when tmux can be run here (the terminal tests need it). */
export const hasTmux = spawnSync('tmux', ['-V']).status === 0

let panes = 0

/**
 * A command running in a real terminal: a detached tmux session on its own
 * tmux server (socket), driven with send-keys and read with capture-pane.
 */
export class TmuxPane {
  /** Its own tmux server, whose socket lives in a temp dir (not among the user's tmux sockets). */
  private readonly socket = join(tempDir('apictl-tmux-'), 'socket')
  readonly name = `repl-${++panes}`

  constructor(command: string, env: Record<string, string | undefined>, size = { columns: 120, rows: 40 }) {
    const assignments = Object.entries(env)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}='${value!.replaceAll("'", `'\\''`)}'`)
      .join(' ')
    const script = `env -i ${assignments} ${command}; echo "[exited $?]"; sleep 600`
    this.tmux(
      'new-session',
      '-d',
      '-s',
      this.name,
      '-x',
      String(size.columns),
      '-y',
      String(size.rows),
      'sh',
      '-c',
      script,
    )
  }

  /** Types text as it is (no key names). */
  type(text: string): void {
    this.tmux('send-keys', '-t', this.name, '-l', text)
  }

  /** Presses keys by tmux name: Tab, Enter, C-c, C-d, C-u. */
  press(...keys: string[]): void {
    for (const key of keys) this.tmux('send-keys', '-t', this.name, key)
  }

  /** The screen and what scrolled off it. */
  screen(): string {
    return this.tmux('capture-pane', '-p', '-S', '-', '-t', this.name)
  }

  /** Waits (polling, no fixed sleep) until the screen matches; throws with the screen after the time limit. */
  async waitFor(pattern: RegExp | string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const screen = this.screen()
      if (typeof pattern === 'string' ? screen.includes(pattern) : pattern.test(screen)) return screen
      if (Date.now() > deadline) throw new Error(`the terminal never showed ${pattern}; it shows:\n${screen}`)
      await new Promise((resolve) => setTimeout(resolve, 40))
    }
  }

  close(): void {
    spawnSync('tmux', ['-S', this.socket, 'kill-server'])
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-S', this.socket, ...args], { encoding: 'utf8' })
  }
}
