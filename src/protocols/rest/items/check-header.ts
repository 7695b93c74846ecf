import { UsageError } from '../../../core/errors.js'

/** RFC 9110 token: what a header name may be made of. */
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/** Control characters other than tab; a line break in a value would split the header. */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true
  }
  return false
}

const syntax = 'Use Name:value for a header, name==value for a query parameter, field=value for a body field'

/** Throws a UsageError naming `item` unless `name` is a valid header name. */
export function checkHeaderName(name: string, item: string): void {
  if (token.test(name)) return
  const what = name === '' ? 'the header name is empty' : `'${name}' is not a valid header name`
  throw new UsageError(
    `Invalid header item '${item}': ${what} (letters, digits and !#$%&'*+-.^_\`|~ only).`,
    {
      where: item,
      hint: `${syntax}; escape a literal colon in a field name as \\:.`,
    },
  )
}

/** Throws a UsageError naming `item` when `value` holds a line break or another control character. */
export function checkHeaderValue(value: string, item: string): void {
  if (!hasControlCharacter(value)) return
  throw new UsageError(
    `Invalid header item '${item}': the value holds a line break or another control character.`,
    {
      where: item,
      hint: 'A header value is one line of text; for a file, check it holds a single line.',
    },
  )
}
