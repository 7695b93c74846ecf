import { UsageError } from '../core/errors.js'

const ansiEscapes: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\u0007',
  b: '\b',
  e: '\u001b',
  E: '\u001b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
}

/** A `$'…'` string's body from `start` (after the quote): its text and where it ends. */
function ansiQuoted(text: string, start: number): { value: string; end: number } {
  let value = ''
  let index = start
  while (index < text.length && text[index] !== "'") {
    if (text[index] !== '\\') {
      value += text[index++]
      continue
    }
    const next = text[index + 1] ?? ''
    const code =
      /^x([0-9a-fA-F]{1,2})/.exec(text.slice(index + 1)) ??
      /^u([0-9a-fA-F]{1,4})/.exec(text.slice(index + 1)) ??
      /^U([0-9a-fA-F]{1,8})/.exec(text.slice(index + 1)) ??
      /^([0-7]{1,3})/.exec(text.slice(index + 1))
    if (code !== null) {
      const radix = /^[xuU]/.test(code[0]) ? 16 : 8
      const point = Number.parseInt(code[1]!, radix)
      value += point <= 0x10ffff ? String.fromCodePoint(point) : '\ufffd'
      index += 1 + code[0].length
    } else {
      value += ansiEscapes[next] ?? `\\${next}`
      index += 2
    }
  }
  if (index >= text.length) throw new UsageError("the command has a $'…' string that does not end")
  return { value, end: index + 1 }
}

/**
 * Splits a command line into words as a POSIX shell would (no expansion):
 * blanks separate words; '…' is literal; "…" keeps \" \\ \$ \` escapes;
 * $'…' is an ANSI-C string (\n, \t, \xHH, \uHHHH, …); a backslash quotes
 * the next character; backslash-newline joins lines (bash's `\`
 * continuations, as "Copy as cURL" writes them). `$VAR` stays as written.
 */
export function splitShellWords(text: string): string[] {
  const words: string[] = []
  let word: string | undefined
  let index = 0
  const add = (value: string) => {
    word = (word ?? '') + value
  }
  while (index < text.length) {
    const char = text[index]!
    if (char === '\\') {
      const next = text[index + 1]
      if (next === '\n') index += 2
      else if (next === '\r' && text[index + 2] === '\n') index += 3
      else {
        add(next ?? '')
        index += 2
      }
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word)
      word = undefined
      index++
    } else if (char === "'") {
      const end = text.indexOf("'", index + 1)
      if (end < 0) throw new UsageError("the command has a quote (') that does not end")
      add(text.slice(index + 1, end))
      index = end + 1
    } else if (char === '$' && text[index + 1] === "'") {
      const quoted = ansiQuoted(text, index + 2)
      add(quoted.value)
      index = quoted.end
    } else if (char === '"') {
      let value = ''
      index++
      while (index < text.length && text[index] !== '"') {
        if (text[index] === '\\' && /["\\$`\n]/.test(text[index + 1] ?? '')) {
          if (text[index + 1] !== '\n') value += text[index + 1]
          index += 2
        } else value += text[index++]
      }
      if (index >= text.length) throw new UsageError('the command has a quote (") that does not end')
      add(value)
      index++
    } else {
      add(char)
      index++
    }
  }
  if (word !== undefined) words.push(word)
  return words
}
