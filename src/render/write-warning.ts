import type { Sink } from '../core/context.js'
import { redactUrlsIn } from '../core/redact-url.js'
import { escapeControl } from './safe-text.js'

/**
 * `warning: MESSAGE` on a sink (stderr): one line, any text a server put in
 * it shown and never obeyed, any URL in it without its credentials.
 */
export function writeWarning(sink: Sink, message: string): void {
  sink.write(`warning: ${escapeControl(redactUrlsIn(message), { newlines: false })}\n`)
}
