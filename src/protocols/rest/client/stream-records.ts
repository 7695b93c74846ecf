import { createParser, type EventSourceParser } from 'eventsource-parser'
import { ResponseError } from '../../../core/errors.js'
import type { StreamFraming } from '../../../core/exchange.js'

/** One record of a live stream: a server-sent event, or one line of NDJSON (parsed when it is JSON). */
export type StreamRecord =
  | { kind: 'event'; event?: string; id?: string; data: string }
  | { kind: 'line'; text: string; json: boolean; value?: unknown }

/**
 * The most of one record held while it arrives (a line without its newline,
 * an event without its blank line): past it the stream is refused, so an
 * endless line costs this much memory, not more.
 */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024

/** RFC 7464: each JSON text of a sequence starts with this. */
const RECORD_SEPARATOR = '\u001e'

/**
 * The codec of live streams: bytes in as they arrive (any cut, even inside
 * a UTF-8 sequence), whole records out. Server-sent events are read by
 * eventsource-parser (the WHATWG rules: `data` lines joined with newlines,
 * comments and `retry` not records, an event dispatched at its blank line);
 * NDJSON, JSON Lines and RFC 7464 JSON text sequences a line at a time
 * (a record's leading 0x1E and a line's CR dropped, blank lines skipped).
 */
export class StreamRecords {
  readonly #decoder = new TextDecoder('utf-8')
  readonly #framing: StreamFraming
  #out: StreamRecord[] = []
  #parser: EventSourceParser | undefined
  #line = ''
  #tooLong = false

  constructor(framing: StreamFraming) {
    this.#framing = framing
    if (framing === 'event-stream') {
      this.#parser = createParser({
        maxBufferSize: MAX_RECORD_CHARS,
        onEvent: (event) => {
          const record: StreamRecord = { kind: 'event', data: event.data }
          if (event.event !== undefined) record.event = event.event
          if (event.id !== undefined) record.id = event.id
          this.#out.push(record)
        },
        onError: (error) => {
          if (error.type === 'max-buffer-size-exceeded') this.#tooLong = true
        },
      })
    }
  }

  /** The records that `chunk` completes. */
  push(chunk: Uint8Array): StreamRecord[] {
    return this.#take(this.#decoder.decode(chunk, { stream: true }), false)
  }

  /** The records left when the stream ends (a last line without its newline; an event without its blank line is dropped, as the spec says). */
  end(): StreamRecord[] {
    return this.#take(this.#decoder.decode(), true)
  }

  #take(text: string, ending: boolean): StreamRecord[] {
    if (this.#parser !== undefined) this.#parser.feed(text)
    else this.#lines(text, ending)
    if (this.#tooLong) throw recordTooLong(this.#framing)
    return this.#out.splice(0)
  }

  #lines(text: string, ending: boolean): void {
    let rest = this.#line + text
    for (let newline = rest.indexOf('\n'); newline >= 0; newline = rest.indexOf('\n')) {
      this.#record(rest.slice(0, newline))
      rest = rest.slice(newline + 1)
    }
    if (ending) {
      this.#record(rest)
      rest = ''
    }
    if (rest.length > MAX_RECORD_CHARS) this.#tooLong = true
    this.#line = rest
  }

  #record(raw: string): void {
    const unsequenced = raw.startsWith(RECORD_SEPARATOR) ? raw.slice(1) : raw
    const text = unsequenced.endsWith('\r') ? unsequenced.slice(0, -1) : unsequenced
    if (text.trim() === '') return
    try {
      this.#out.push({ kind: 'line', text, json: true, value: JSON.parse(text) as unknown })
    } catch {
      this.#out.push({ kind: 'line', text, json: false })
    }
  }
}

function recordTooLong(framing: StreamFraming): ResponseError {
  const what = framing === 'event-stream' ? 'one event' : 'one line'
  return new ResponseError(
    `The stream sent ${what} longer than ${MAX_RECORD_CHARS / 1024 / 1024} Mi characters; apictl stopped reading it.`,
    { hint: 'Read it as received with -o raw (to a file), or check the URL.' },
  )
}
