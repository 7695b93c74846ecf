/** Terminal cell widths, close to what cli-table3 (string-width 4) measures. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes start with ESC
const ansiPattern = /\u001b\[[0-9;]*m/g
const emojiPattern = /\p{Extended_Pictographic}/u

export function stripAnsi(text: string): string {
  return text.replace(ansiPattern, '')
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    code === 0x2329 ||
    code === 0x232a ||
    (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) ||
    (code >= 0x3250 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0xa4c6) ||
    (code >= 0xa960 && code <= 0xa97c) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe10 && code <= 0xfe19) ||
    (code >= 0xfe30 && code <= 0xfe6b) ||
    (code >= 0xff01 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1b000 && code <= 0x1b001) ||
    (code >= 0x1f200 && code <= 0x1f251) ||
    (code >= 0x20000 && code <= 0x3fffd)
  )
}

function charWidth(char: string): number {
  const code = char.codePointAt(0)!
  if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return 0
  if ((code >= 0x300 && code <= 0x36f) || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f)) return 0
  if (isWide(code) || (code > 0xff && emojiPattern.test(char))) return 2
  return 1
}

/** Text whose width is its length: printable ASCII and the Latin letters with diacritics (U+00C0–U+024F). */
export const narrowText = /^[\x20-\x7e\u00c0-\u024f]*$/

/** Width in terminal cells of the widest line, ANSI colour codes ignored. */
export function displayWidth(text: string): number {
  if (narrowText.test(text)) return text.length
  let widest = 0
  for (const line of stripAnsi(text).split('\n')) {
    let width = 0
    for (const char of line) width += charWidth(char)
    widest = Math.max(widest, width)
  }
  return widest
}

/** Cut plain (uncoloured) single-line text to `width` cells, ending with '…' when cut. */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text
  if (width <= 0) return ''
  let result = ''
  let used = 0
  for (const char of text) {
    const next = charWidth(char)
    if (used + next > width - 1) break
    result += char
    used += next
  }
  return `${result}…`
}
