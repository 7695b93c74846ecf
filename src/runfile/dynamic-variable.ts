import { randomInt, randomUUID } from 'node:crypto'

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
const DIGITS = '0123456789'

function randomText(alphabet: string, length: number): string {
  let text = ''
  for (let index = 0; index < Math.min(length, 10_000); index++) text += alphabet[randomInt(alphabet.length)]
  return text
}

/** `1, 10` → [1, 10]; numbers only. */
function numbers(text: string | undefined): number[] {
  if (text === undefined || text.trim() === '') return []
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
}

function between(args: number[], from = 0, to = 1000): number {
  const [low = from, high = to] = args
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high) || high < low) return Number.NaN
  return low + randomInt(high - low + 1)
}

/**
 * The dynamic variables the JetBrains HTTP Client, httpYac and VS Code's
 * REST Client write (`{{$uuid}}`, `{{$random.integer(1, 10)}}`,
 * `{{$randomInt 1 10}}`, `{{$env.HOME}}`, `{{$processEnv HOME}}`): the
 * value, or undefined when the name is not one of them. `env` is the
 * process environment.
 */
export function dynamicVariable(
  expression: string,
  env: Record<string, string | undefined>,
): string | undefined {
  const match = /^\$([\w.]+)(?:\((.*)\)|\s+(.*))?$/s.exec(expression.trim())
  if (match === null) return undefined
  const name = match[1]!
  const argument = match[2] ?? match[3]
  const args = numbers(argument)
  if (name.startsWith('env.')) return env[name.slice(4)] ?? ''
  switch (name) {
    case 'uuid':
    case 'guid':
    case 'random.uuid':
      return randomUUID()
    case 'timestamp':
      return String(Math.floor(Date.now() / 1000))
    case 'isoTimestamp':
      return new Date().toISOString()
    case 'datetime':
    case 'localDatetime':
      return /rfc1123/i.test(argument ?? '') ? new Date().toUTCString() : new Date().toISOString()
    case 'randomInt':
    case 'random.integer': {
      const value = between(args)
      return Number.isNaN(value) ? undefined : String(value)
    }
    case 'random.float': {
      const [from = 0, to = 1] = args
      return String(from + Math.random() * (to - from))
    }
    case 'random.alphabetic':
      return randomText(LETTERS, args[0] ?? 10)
    case 'random.alphanumeric':
      return randomText(`${LETTERS}${DIGITS}_`, args[0] ?? 10)
    case 'random.hexadecimal':
      return randomText('0123456789abcdef', args[0] ?? 10)
    case 'random.email':
      return `${randomText(LETTERS, 8).toLowerCase()}@example.com`
    case 'processEnv':
    case 'env':
      return argument === undefined ? undefined : (env[argument.trim()] ?? '')
    default:
      return undefined
  }
}

export const DYNAMIC_VARIABLES =
  '$uuid, $random.uuid, $timestamp, $isoTimestamp, $datetime, $randomInt [MIN MAX], $random.integer(from, to), $random.float(from, to), $random.alphabetic(n), $random.alphanumeric(n), $random.hexadecimal(n), $random.email, $env.NAME, $processEnv NAME'
