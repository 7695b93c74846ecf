/**
 * The environment a command runs in, injected rather than read from globals
 * (httpie's `Environment`): streams, terminal facts, env vars, config dir.
 * Nothing below cli/ or repl/ touches process.stdout directly.
 */
export interface Sink {
  write(chunk: string | Uint8Array): void
  /** True when the sink is a terminal (colour, spinners, binary guard). */
  readonly isTTY: boolean
  /** Terminal width, when known. */
  readonly columns?: number
}

export interface Context {
  stdout: Sink
  stderr: Sink
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  env: Record<string, string | undefined>
  cwd: string
  /** Aborts everything in flight (Ctrl-C in the REPL). */
  signal?: AbortSignal
}

export function processContext(): Context {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // On first use: creating process.stdin (a stream, and Node's fs/streams code when it is a
    // file such as /dev/null) costs a few ms, and most commands never read it.
    get stdin() {
      return process.stdin
    },
    env: process.env,
    cwd: process.cwd(),
  }
}

/** A sink that keeps what is written, for tests and the library API. */
export class BufferSink implements Sink {
  readonly chunks: string[] = []
  constructor(
    readonly isTTY = false,
    readonly columns = 100,
  ) {}
  write(chunk: string | Uint8Array): void {
    this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
  }
  text(): string {
    return this.chunks.join('')
  }
}

export function debugEnabled(env: Context['env']): boolean {
  return env.APICTL_DEBUG === '1' || env.APICTL_DEBUG === 'true'
}

/** Colour is on for a terminal unless NO_COLOR is set or --no-color was given. */
export function colourEnabled(sink: Sink, env: Context['env'], flag: boolean | undefined): boolean {
  if (flag === false) return false
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true
  return sink.isTTY
}
