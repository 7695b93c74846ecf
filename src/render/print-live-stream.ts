import type { Sink } from '../core/context.js'
import type { OutputFormat } from '../core/request-options.js'
import type { StreamedBody } from '../protocols/rest/client/decode-rest-response.js'
import { type StreamRecord, StreamRecords } from '../protocols/rest/client/stream-records.js'
import { drained } from './drained.js'
import { formatJson } from './format-json.js'
import { formatJsonText } from './format-json-text.js'
import { forTerminal } from './safe-text.js'
import { createTheme, type Theme } from './theme.js'

/** A live stream whose records are framed: server-sent events or NDJSON. */
export type FramedStream = StreamedBody & { type: 'event-stream' | 'json-lines' }

/** What the printer needs of its view: colour, and where warnings go. */
export interface LiveStreamView {
  colour: boolean
  warn(message: string): void
}

/**
 * A live stream printed record by record as each arrives (never held back):
 * server-sent events with their `event:` and `id:` shown and `data`
 * pretty-printed and coloured when it is JSON, a blank line after each;
 * NDJSON one value at a time, pretty. `-o json`: one JSON text per line (an
 * event as `{"event", "id", "data"}` with its data parsed when JSON; an
 * NDJSON line as received). Every server character reaching a terminal is
 * escaped. Comments and heartbeats are not records, so they print nothing.
 */
export async function printLiveStream(
  body: FramedStream,
  format: OutputFormat,
  view: LiveStreamView,
  sink: Sink,
): Promise<void> {
  if (format === 'table' || format === 'xml') {
    view.warn(`-o ${format} does not apply to a stream; each record is shown as it arrives.`)
  }
  const records = new StreamRecords(body.type)
  const theme = createTheme(view.colour)
  const show = (list: StreamRecord[]) => {
    for (const record of list) sink.write(formatRecord(record, format === 'json', theme, sink))
  }
  show(records.push(body.head))
  for await (const chunk of body.rest) {
    show(records.push(chunk))
    await drained(sink)
  }
  show(records.end())
}

/** One record as printed, ending in a newline (an event's: a blank line). */
export function formatRecord(record: StreamRecord, json: boolean, theme: Theme, sink: Sink): string {
  if (record.kind === 'line') {
    if (json || !record.json) return `${forTerminal(record.text, sink)}\n`
    return `${formatJson(record.value, { colour: theme.colour })}\n`
  }
  if (json) {
    const fields: Record<string, unknown> = { event: record.event ?? 'message' }
    if (record.id !== undefined) fields.id = record.id
    fields.data = parsedData(record.data)
    return `${formatJson(fields, { colour: theme.colour, indent: 0 })}\n`
  }
  const lines: string[] = []
  const field = (name: string, value: string) =>
    `${theme.headerName(name)}${theme.punctuation(':')} ${theme.headerValue(forTerminal(value, sink).replaceAll('\n', '\\n'))}`
  if (record.event !== undefined) lines.push(field('event', record.event))
  if (record.id !== undefined) lines.push(field('id', record.id))
  const data = formatJsonText(record.data, { colour: theme.colour })
  lines.push(data.parsed ? data.text.replace(/\n$/, '') : forTerminal(record.data, sink))
  return `${lines.join('\n')}\n\n`
}

/** An event's data as JSON sees it: the value when it is JSON, else the text. */
function parsedData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown
  } catch {
    return data
  }
}
