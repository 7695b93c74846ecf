import { Readable } from 'node:stream'
import { main } from '../../src/cli/main.js'
import type { Sink } from '../../src/core/context.js'
import { type CliOptions, type CliResult, isolatedEnv } from './run-cli.js'

/** What a pipe gives a spawned CLI: not a terminal, no width. */
class CapturedPipe implements Sink {
  readonly isTTY = false
  readonly columns = undefined
  private readonly chunks: Buffer[] = []
  write(chunk: string | Uint8Array): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk))
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8')
  }
}

/**
 * Runs the CLI in this process, as httpie's tests/utils.http() does: `main(ARGS, ctx)` from
 * src/cli/main.ts with captured stdout and stderr, the given env (a fresh config and cache dir
 * unless the test passes its own), stdin holding `input` and then ending, and the exit code
 * main returns. Same commands, adapters and printers as bin/apictl.cjs, without a Node start-up
 * per call; tests about the real process (signals, start-up, terminals, the code cache, the
 * bundle) spawn it with runCli instead.
 */
export async function runCliInProcess(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const started = performance.now()
  const stdout = new CapturedPipe()
  const stderr = new CapturedPipe()
  const input = options.input ?? ''
  const stdin = Readable.from(input === '' ? [] : [Buffer.from(input)])
  const code = await main(args, {
    stdout,
    stderr,
    stdin,
    env: options.env ?? isolatedEnv(),
    cwd: options.cwd ?? process.cwd(),
  })
  return { code, stdout: stdout.text(), stderr: stderr.text(), ms: performance.now() - started }
}
