import { constants } from 'node:buffer'

/** Sizes as people write them: `1GiB`, `10MB`, `512k`, `1.5G`, `2048`. */

/** --max-size when none is given: the largest response body accepted (SPEC §3). */
export const DEFAULT_MAX_SIZE = 1024 ** 3

/**
 * A body (a REST body, a GraphQL or SOAP answer) up to this size is read
 * whole and printed as it always was; a longer one streams to its printer,
 * so memory stays this size whatever the body's.
 */
export const STREAM_WINDOW = 1024 * 1024

/**
 * The largest body that can be read as text: a JavaScript string holds at
 * most this many characters (about 512 Mi on 64-bit Node), and a UTF-8 body
 * never decodes to more characters than it has bytes.
 */
export const MAX_TEXT_BYTES = constants.MAX_STRING_LENGTH

const units: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  tb: 1000 ** 4,
  // Bare K, M, G mean powers of 1024, as curl's --max-filesize and most command-line tools read them.
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
}

/**
 * Bytes from a size: a number with an optional unit, case-insensitive. KB,
 * MB, GB are powers of 1000; KiB, MiB, GiB (and bare K, M, G) powers of
 * 1024. Undefined when the text is not a size above 0.
 */
export function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-z]*)\s*$/i.exec(text)
  if (match === null) return undefined
  const unit = units[match[2]!.toLowerCase()]
  if (unit === undefined) return undefined
  const bytes = Math.floor(Number(match[1]) * unit)
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined
}

/** `1 GiB`, `10 MB`, `512 KiB`, `100 bytes`: the largest unit that divides the size, else bytes. */
export function formatSize(bytes: number): string {
  for (const [unit, size] of [
    ['TiB', 1024 ** 4],
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
    ['TB', 1000 ** 4],
    ['GB', 1000 ** 3],
    ['MB', 1000 ** 2],
    ['KB', 1000],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`
  }
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`
  return `${bytes} bytes`
}
