import { InvalidArgumentError } from 'commander'
import { type PrintParts, printPartsOf } from '../core/request-options.js'
import { parseSize } from '../core/size.js'

/** A repeatable option: each value is added to the list (`-H a -H b`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}

/** `--page 2`, `--max-pages 5`, `--count 1`. */
export function positiveInteger(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError('expected a whole number, 1 or more.')
  return number
}

/** `--retry 0`. */
export function wholeNumber(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0)
    throw new InvalidArgumentError('expected a whole number, 0 or more.')
  return number
}

/** `--timeout 2.5`. */
export function positiveSeconds(value: string): number {
  const number = Number(value)
  if (!Number.isFinite(number) || number <= 0)
    throw new InvalidArgumentError('expected a number of seconds above 0.')
  return number
}

/** `serve --port 0`. */
export function portNumber(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    throw new InvalidArgumentError('expected a port number from 0 to 65535.')
  }
  return number
}

/** `--max-size 10MB`, `512KiB`, `1GiB`, `2048` (bytes). */
export function byteSize(value: string): number {
  const bytes = parseSize(value)
  if (bytes === undefined) throw new InvalidArgumentError('expected a size such as 10MB, 512KiB or 1GiB.')
  return bytes
}

/** `--print hb`: HTTPie's letters. */
export function printLetters(value: string): PrintParts {
  const parts = printPartsOf(value)
  if (parts === undefined)
    throw new InvalidArgumentError(
      'expected letters from HBhbm (H request headers, B request body, h response headers, b response body, m metadata), e.g. hb.',
    )
  return parts
}
