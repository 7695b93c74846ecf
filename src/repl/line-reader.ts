import { createInterface, type Interface } from 'node:readline'

/** What `next` gives back besides a line. */
export const END = Symbol('end of input')
export const INTERRUPTED = Symbol('Ctrl-C at the prompt')
export type ReadResult = string | typeof END | typeof INTERRUPTED

/** Candidates for the line up to the cursor; `signal` is aborted by Ctrl-C while it works. */
export type Completer = (line: string, signal: AbortSignal) => Promise<[string[], string]>

type KeypressListener = (sequence: string | undefined, key: { name?: string; ctrl?: boolean }) => void

export interface LineReaderOptions {
  input: NodeJS.ReadableStream
  output: NodeJS.WritableStream
  /** A terminal: line editing, the completer, history, prompts. Else lines are read as they come. */
  terminal: boolean
  completer: Completer
  /** Earlier entries, oldest first (↑ recalls them). */
  history: string[]
  /** Ctrl-C while no line is being read (a request in flight). */
  onInterrupt(): void
  /** Shown after Ctrl-C on an empty line. */
  interruptHint: string
}

/** The readline interface has this (as the Node REPL uses it), though its typings do not say so. */
interface ClearableInterface extends Interface {
  clearLine(): void
  history: string[]
}

/**
 * Lines for the REPL from node:readline: on a terminal with editing, Tab
 * completion and history; otherwise plain lines as they arrive (a script).
 * Lines typed while a command runs wait their turn. Ctrl-C at the prompt
 * clears the line (INTERRUPTED), Ctrl-D on an empty line or the end of the
 * input is END. A prompt (inquirer) can borrow the terminal: suspend()
 * closes the editor, resume() opens a new one with the same history.
 */
export class LineReader {
  private editor: ClearableInterface
  private readonly queue: string[] = []
  private waiting: ((result: ReadResult) => void) | undefined
  private ended = false
  private suspended = false
  private history: string[]

  constructor(private readonly options: LineReaderOptions) {
    this.history = [...options.history].reverse()
    this.editor = this.open()
  }

  /** The next line; shows the prompt on a terminal when none is waiting. */
  next(prompt: string): Promise<ReadResult> {
    const queued = this.queue.shift()
    if (queued !== undefined) return Promise.resolve(queued)
    if (this.ended) return Promise.resolve(END)
    if (this.options.terminal) {
      this.editor.setPrompt(prompt)
      this.editor.prompt()
    }
    return new Promise((resolve) => {
      this.waiting = resolve
    })
  }

  /** Replaces the last `count` history entries with one (a document typed over several lines). */
  joinHistory(count: number, entry: string): void {
    if (!this.options.terminal || count < 2) return
    const history = this.editor.history
    history.splice(0, Math.min(count, history.length), entry)
  }

  /** Hands the terminal over (to inquirer) until resume(). */
  suspend(): void {
    if (!this.options.terminal || this.suspended) return
    this.suspended = true
    this.history = [...this.editor.history]
    this.editor.close()
  }

  resume(): void {
    if (!this.suspended) return
    this.suspended = false
    this.editor = this.open()
  }

  close(): void {
    this.ended = true
    this.editor.close()
  }

  private open(): ClearableInterface {
    const { terminal } = this.options
    const editor = createInterface({
      input: this.options.input,
      output: terminal ? this.options.output : undefined,
      terminal,
      history: terminal ? this.history : [],
      historySize: terminal ? 1000 : 0,
      removeHistoryDuplicates: true,
      tabSize: 2,
      completer: terminal
        ? (line: string, callback: (error: null, result: [string[], string]) => void) => {
            this.completeCancellably(line).then(
              (result) => callback(null, result),
              () => callback(null, [[], line]),
            )
          }
        : undefined,
    }) as ClearableInterface
    editor.on('line', (line) => this.deliver(line))
    editor.on('close', () => {
      if (this.suspended) return
      this.ended = true
      this.deliver(END)
    })
    editor.on('SIGINT', () => this.interrupt())
    return editor
  }

  /**
   * Runs the completer while it may wait (a schema or WSDL to fetch):
   * readline pauses its input during completion, so the keys are read here
   * meanwhile. Ctrl-C aborts the completer's signal (and drops what was
   * typed during the wait); other keys are handed to the editor afterwards,
   * in order, as type-ahead.
   */
  private async completeCancellably(line: string): Promise<[string[], string]> {
    const input = this.options.input
    const controller = new AbortController()
    const editorListeners = input.listeners('keypress') as KeypressListener[]
    const typed: Array<Parameters<KeypressListener>> = []
    const watch: KeypressListener = (sequence, key) => {
      if (key?.ctrl === true && key.name === 'c') {
        typed.length = 0
        controller.abort()
      } else typed.push([sequence, key])
    }
    input.removeAllListeners('keypress')
    input.on('keypress', watch)
    input.resume()
    const cancelled = new Promise<[string[], string]>((resolve) => {
      controller.signal.addEventListener('abort', () => resolve([[], line]), { once: true })
    })
    try {
      return await Promise.race([this.options.completer(line, controller.signal), cancelled])
    } finally {
      controller.abort()
      input.off('keypress', watch)
      for (const listener of editorListeners) input.on('keypress', listener)
      if (typed.length > 0) {
        setImmediate(() => {
          for (const [sequence, key] of typed) input.emit('keypress', sequence, key)
        })
      }
    }
  }

  private deliver(result: ReadResult): void {
    const waiting = this.waiting
    if (waiting !== undefined) {
      this.waiting = undefined
      waiting(result)
    } else if (typeof result === 'string') this.queue.push(result)
  }

  private interrupt(): void {
    if (this.waiting === undefined) {
      this.options.onInterrupt()
      return
    }
    const empty = this.editor.line === ''
    this.editor.clearLine()
    if (empty) this.options.output.write(`${this.options.interruptHint}\n`)
    this.deliver(INTERRUPTED)
  }
}
