import { createTheme, type Paint, type Theme } from './theme.js'

interface SdlToken {
  kind:
    | 'space'
    | 'comment'
    | 'description'
    | 'string'
    | 'name'
    | 'directive'
    | 'punctuation'
    | 'number'
    | 'other'
  text: string
}

const KEYWORDS = new Set([
  'type',
  'interface',
  'enum',
  'input',
  'union',
  'scalar',
  'schema',
  'directive',
  'extend',
  'implements',
  'repeatable',
  'on',
])

const PATTERN =
  /(?<space>[\s,\ufeff]+)|(?<comment>#[^\n\r]*)|(?<block>"""(?:\\"""|[\s\S])*?""")|(?<string>"(?:[^"\\\n\r]|\\.)*")|(?<directive>@[_A-Za-z][_0-9A-Za-z]*)|(?<name>[_A-Za-z][_0-9A-Za-z]*)|(?<number>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(?<punctuation>\.\.\.|[!$&():=@[\]{|}])|(?<other>[\s\S])/gy

/**
 * SDL (as graphql's printSchema writes it) with colour: keywords, type
 * names, field and argument names, directives, descriptions. With colour
 * off the text comes back unchanged.
 */
export function formatGraphQLSdl(sdl: string, options: { colour: boolean }): string {
  if (!options.colour) return sdl
  const theme = createTheme(true)
  const tokens = tokenize(sdl)
  let depth = 0
  let afterColon = false
  return tokens
    .map((token, index) => {
      if (token.kind === 'punctuation') {
        if (token.text === '{' || token.text === '(') depth++
        if (token.text === '}' || token.text === ')') depth--
        afterColon = token.text === ':' || (afterColon && (token.text === '[' || token.text === '!'))
        return theme.punctuation(token.text)
      }
      if (token.kind === 'space') return token.text
      const typePosition = afterColon
      if (token.kind !== 'comment') afterColon = false
      return paint(token, { depth, typePosition, next: nextSolid(tokens, index) }, theme)(token.text)
    })
    .join('')
}

function paint(
  token: SdlToken,
  where: { depth: number; typePosition: boolean; next: SdlToken | undefined },
  theme: Theme,
): Paint {
  switch (token.kind) {
    case 'comment':
    case 'description':
      return theme.comment
    case 'string':
      return theme.string
    case 'number':
      return theme.number
    case 'directive':
      return theme.warning
    case 'name':
      if (where.depth === 0) return KEYWORDS.has(token.text) ? theme.null : theme.tag
      if (where.typePosition) return theme.tag
      if (where.next?.text === ':' || where.next?.text === '(') return theme.attributeName
      return theme.boolean
    default:
      return (text) => text
  }
}

function nextSolid(tokens: SdlToken[], index: number): SdlToken | undefined {
  for (let at = index + 1; at < tokens.length; at++) {
    const kind = tokens[at]!.kind
    if (kind !== 'space' && kind !== 'comment') return tokens[at]
  }
  return undefined
}

function tokenize(sdl: string): SdlToken[] {
  const tokens: SdlToken[] = []
  PATTERN.lastIndex = 0
  for (let match = PATTERN.exec(sdl); match !== null; match = PATTERN.exec(sdl)) {
    const groups = match.groups!
    const kind = (Object.keys(groups).find((key) => groups[key] !== undefined) ?? 'other') as string
    const previous = tokens.at(-1)
    const startsLine = previous === undefined || (previous.kind === 'space' && /[\n\r]/.test(previous.text))
    if (kind === 'block' || kind === 'string') {
      tokens.push({ kind: kind === 'block' || startsLine ? 'description' : 'string', text: match[0] })
    } else {
      tokens.push({ kind: kind as SdlToken['kind'], text: match[0] })
    }
  }
  return tokens
}
