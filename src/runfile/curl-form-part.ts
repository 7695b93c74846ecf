/** One -F/--form part: a text field, or a file (`@path`) with its type and file name. */
export interface CurlFormPart {
  name: string
  value?: string
  file?: string
  type?: string
  /** `;filename=` when given: the name sent instead of the file's own. */
  filename?: string
}

/** `"a;b"` → `a;b` (curl's quoting inside -F: \" and \\ escaped); the rest of `text` after it. */
function formWord(text: string): { word: string; rest: string } {
  if (!text.startsWith('"')) {
    const end = text.indexOf(';')
    return end < 0 ? { word: text, rest: '' } : { word: text.slice(0, end), rest: text.slice(end) }
  }
  let word = ''
  let index = 1
  while (index < text.length && text[index] !== '"') {
    if (text[index] === '\\' && index + 1 < text.length) index++
    word += text[index++]
  }
  return { word, rest: text.slice(index + 1) }
}

/**
 * A -F argument as curl reads it: `name=value`, `name=@path;type=…;filename=…`
 * (a file part) or `name=<path` (a field read from a file, kept as a file
 * part); `literal` (--form-string) takes the value as it is.
 */
export function parseFormPart(argument: string, literal: boolean): CurlFormPart | string {
  const equals = argument.indexOf('=')
  if (equals <= 0) return `-F needs name=value or name=@file (found "${argument}")`
  const name = argument.slice(0, equals)
  const content = argument.slice(equals + 1)
  if (literal || !/^[@<]/.test(content)) return { name, value: content }
  const first = formWord(content.slice(1))
  const part: CurlFormPart = { name, file: first.word }
  let rest = first.rest
  while (rest.startsWith(';')) {
    const parameter = /^;\s*(\w+)=/.exec(rest)
    if (parameter === null) break
    const value = formWord(rest.slice(parameter[0].length))
    if (parameter[1] === 'type') part.type = value.word
    else if (parameter[1] === 'filename') part.filename = value.word
    rest = value.rest
  }
  return part
}
