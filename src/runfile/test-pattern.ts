import { createContext, runInContext } from 'node:vm'

/** How long one `matches` may run: the pattern is the file's, but the text is the server's. */
export const MATCH_TIME_LIMIT_MS = 1_000

let context: object | undefined

/**
 * `pattern.test(text)` with a time limit (a vm script's timeout also stops a
 * regular expression that backtracks without end, which a plain call cannot
 * be): true or false, or a reason in words when it ran out of time.
 */
export function testPattern(pattern: RegExp, text: string): boolean | string {
  context ??= createContext({})
  Object.assign(context, { pattern, text })
  try {
    return runInContext('pattern.test(text)', context, { timeout: MATCH_TIME_LIMIT_MS }) === true
  } catch {
    return `${pattern} ran over ${MATCH_TIME_LIMIT_MS / 1000} s on this answer (a pattern that backtracks too much)`
  } finally {
    Object.assign(context, { pattern: undefined, text: undefined })
  }
}
