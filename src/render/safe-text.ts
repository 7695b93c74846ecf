import type { Sink } from '../core/context.js'
import { redactUrlsIn } from '../core/redact-url.js'

/**
 * The one sanitiser: server-supplied text must not steer the terminal. C0
 * and C1 control characters (ESC above all, so no ANSI/OSC sequence — title,
 * screen clear, OSC 52 clipboard write, hyperlink — survives) and the
 * bidirectional controls (embeddings, overrides, isolates, marks) are shown
 * as `\u001b`-style escapes, which is also what they are inside a JSON
 * string. Tab always survives; newlines survive unless `newlines` is false.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
const unsafeOrNewline =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

function escapeOne(char: string): string {
  if (char === '\n') return '\\n'
  if (char === '\r') return '\\r'
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
}

export function escapeControl(text: string, options: { newlines?: boolean } = {}): string {
  if (options.newlines === false) return text.replace(unsafeOrNewline, escapeOne)
  return text.replace(/\r\n/g, '\n').replace(unsafe, escapeOne)
}

/**
 * Text from a server on its way to `sink`: escaped when the sink is a
 * terminal, as received otherwise (a pipe or file gets the bytes it asked
 * for; `-o raw > file` stays byte-exact).
 */
export function forTerminal(text: string, sink: Sink): string {
  return sink.isTTY ? escapeControl(text) : text
}

/** A body as bytes on its way to `sink`: unchanged to a pipe or file, decoded and escaped on a terminal. */
export function bytesForTerminal(bytes: Buffer, sink: Sink): Buffer | string {
  return sink.isTTY ? escapeControl(bytes.toString('utf8')) : bytes
}

/**
 * A message on its way to the user: no credential in a URL (passwords,
 * api_key= and the like, masked), no control or escape sequence (a server's
 * text quoted in it is shown, never obeyed).
 */
export function safeMessage(text: string): string {
  return escapeControl(redactUrlsIn(text))
}
