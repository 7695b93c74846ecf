/**
 * Splits a request item at its separator, the way HTTPie does
 * (httpie/cli/argtypes.py KeyValueArgType): the first separator found wins,
 * and of those starting at the same place the longest (`:=@` over `:=` over
 * `:`). A backslash before `:`, `=`, `@` or `;` makes that character plain
 * text, so it can be part of a name or value (`a\:b=c` is the field `a:b`).
 * Other backslashes are kept as typed: nested JSON paths read them later.
 */

/** Longest first, so a longer separator wins over its prefix at the same place. */
export const separators = [':=@', '==@', ':@', '=@', ':=', '==', '=', ':', ';', '@'] as const

export type Separator = (typeof separators)[number]

export interface SplitRequestItem {
  key: string
  separator: Separator
  value: string
}

/** Characters a backslash escapes in this first pass: those separators are made of. */
const escapable = new Set([':', '=', '@', ';'])

interface Part {
  text: string
  escaped: boolean
}

function tokenize(arg: string): Part[] {
  const parts: Part[] = [{ text: '', escaped: false }]
  for (let index = 0; index < arg.length; index++) {
    const char = arg[index]!
    const last = parts[parts.length - 1]!
    if (char !== '\\') {
      last.text += char
      continue
    }
    const next = arg[index + 1] ?? ''
    index++
    if (escapable.has(next)) parts.push({ text: next, escaped: true }, { text: '', escaped: false })
    else last.text += `\\${next}`
  }
  return parts
}

function findSeparator(text: string): { at: number; separator: Separator } | undefined {
  for (let at = 0; at < text.length; at++) {
    const separator = separators.find((candidate) => text.startsWith(candidate, at))
    if (separator) return { at, separator }
  }
  return undefined
}

/** `undefined` when the item holds no (unescaped) separator. */
export function splitRequestItem(arg: string): SplitRequestItem | undefined {
  const parts = tokenize(arg)
  for (const [index, part] of parts.entries()) {
    if (part.escaped) continue
    const found = findSeparator(part.text)
    if (!found) continue
    const before = parts.slice(0, index).map((each) => each.text)
    const after = parts.slice(index + 1).map((each) => each.text)
    return {
      key: before.join('') + part.text.slice(0, found.at),
      separator: found.separator,
      value: part.text.slice(found.at + found.separator.length) + after.join(''),
    }
  }
  return undefined
}
