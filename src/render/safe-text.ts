/**
 * Server-supplied text must not steer the terminal: C0/C1 control characters
 * (ESC above all) and bidirectional overrides are shown as `\u001b`-style
 * escapes. Tab always survives; newlines survive unless `newlines` is false.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const hasUnsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const hasUnsafeOrNewline = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeOrNewline = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

function escapeOne(char: string): string {
  if (char === '\n') return '\\n'
  if (char === '\r') return '\\r'
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
}

export function escapeControl(text: string, options: { newlines?: boolean } = {}): string {
  if (!(options.newlines === false ? hasUnsafeOrNewline : hasUnsafe).test(text)) return text
  if (options.newlines === false) return text.replace(unsafeOrNewline, escapeOne)
  return text.replace(/\r\n/g, '\n').replace(unsafe, escapeOne)
}
