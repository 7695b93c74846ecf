import { mask, redactHeaders } from '../../render/redact.js'
import { scanWords, type Word } from './split-words.js'

/** Options whose next word (or `=value`) is a secret. */
const secretOptions = new Set(['--user', '--token', '--wss', '--client-secret', '--password'])
/** A body field, query parameter or variable whose value is a secret. */
const secretName = /(token|passw|secret|api[-_]?key|credential|^auth)/i
/** The password of a URL's user info: `scheme://user:` (group 1), then the password up to `@`. */
const userinfo = /(\b[a-z][a-z\d+.-]*:\/\/[^/?#@\s:]*:)[^/?#@\s]+@/i
/** `password: "…"` and the like inside a GraphQL document. */
const secretArgument = /\b(\w*(?:token|passw|secret|api[-_]?key|credential)\w*)(\s*:\s*)"(?:[^"\\]|\\.)*"/gi

/**
 * A line as it may be written to the history file: credentials masked
 * (`.auth basic ••••`, `--user ••••`, `--token=••••`, `Authorization:Bearer ••••`,
 * `password=••••`, `.header X-Api-Key: ••••`, `http://user:••••@host`),
 * in every style's lines; everything else as typed.
 */
export function redactLine(line: string): string {
  const { words } = scanWords(line)
  if (words.length === 0) return line
  const first = words[0]!.value
  if (first === '.auth' && words.length >= 3) return replaceFrom(line, words[2]!, mask)
  if (first === '.header' && words.length >= 2) return redactHeaderCommand(line, words)
  if (first === 'gql' || line.trimStart().startsWith('{') || /^\s*(query|mutation)\b/.test(line)) {
    // A document: its secret arguments; around it, only options and URLs (no request items).
    const redacted = redactWords(line, words, redactOptionWord)
    return redacted.replace(secretArgument, (_, name: string, colon: string) => `${name}${colon}"${mask}"`)
  }
  return redactWords(line, words, redactWord)
}

/** Each word replaced as `redact` says, from the end so earlier positions hold; a secret option's value is masked. */
function redactWords(line: string, words: Word[], redact: (value: string) => string | undefined): string {
  let redacted = line
  for (let index = words.length - 1; index >= 0; index--) {
    const word = words[index]!
    const previous = words[index - 1]?.value
    const replacement = previous !== undefined && secretOptions.has(previous) ? mask : redact(word.value)
    if (replacement !== undefined) redacted = splice(redacted, word, quote(replacement))
  }
  return redacted
}

/** `--token=abc` → `--token=••••`; a URL's password (`http://u:pw@host`, `-e=…` too) → `http://u:••••@host`. */
function redactOptionWord(value: string): string | undefined {
  const option = /^(--[\w-]+)=/.exec(value)
  if (option && secretOptions.has(option[1]!)) return `${option[1]}=${mask}`
  return userinfo.test(value) ? value.replace(userinfo, `$1${mask}@`) : undefined
}

/** A body field, parameter or variable whose value is a secret (`token`, `password`, `api_key`, …). */
export function isSecretName(name: string): boolean {
  return secretName.test(name)
}

function redactWord(value: string): string | undefined {
  const option = redactOptionWord(value)
  if (option !== undefined) return option
  const header = /^([\w-]+):(?![=@])(.+)$/.exec(value)
  if (header) {
    const [name, text] = [header[1]!, header[2]!.trimStart()]
    const safe = redactHeaders({ [name]: text })[name]!
    return safe === text ? undefined : `${name}:${safe}`
  }
  const item = /^([^=:]+)(==|:=|=)(.+)$/.exec(value)
  if (item && secretName.test(item[1]!)) return `${item[1]}${item[2]}${mask}`
  return undefined
}

function redactHeaderCommand(line: string, words: Word[]): string {
  const rest = line.slice(words[1]!.start)
  const colon = rest.indexOf(':')
  if (colon < 0) return line
  const name = rest.slice(0, colon).trim()
  const value = rest.slice(colon + 1).trim()
  const safe = redactHeaders({ [name]: value })[name]!
  return safe === value ? line : `${line.slice(0, words[1]!.start)}${name}: ${safe}`
}

function replaceFrom(line: string, word: Word, replacement: string): string {
  return `${line.slice(0, word.start)}${replacement}`
}

function splice(line: string, word: Word, replacement: string): string {
  return `${line.slice(0, word.start)}${replacement}${line.slice(word.end)}`
}

function quote(text: string): string {
  return /\s/.test(text) ? `'${text}'` : text
}
