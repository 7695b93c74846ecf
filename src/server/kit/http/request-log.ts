import type { IncomingMessage, ServerResponse } from 'node:http'

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const unsafe = /[\u0000-\u001f\u007f-\u009f]/g
const maximumTarget = 300

/** The request target as it can be shown on a terminal: no control characters, bounded length. */
export function printableTarget(target: string): string {
  const clean = target.replace(unsafe, (character) => encodeURIComponent(character))
  return clean.length > maximumTarget ? `${clean.slice(0, maximumTarget)}...` : clean
}

/**
 * One line per request once its answer is sent (or the client went away):
 * `GET /v1/items?page=2 200 1.3ms`, with ` (aborted)` when it never finished.
 */
export function logRequest(
  request: IncomingMessage,
  response: ServerResponse,
  log: (line: string) => void,
): void {
  const started = performance.now()
  response.once('close', () => {
    const elapsed = (performance.now() - started).toFixed(1)
    const suffix = response.writableFinished ? '' : ' (aborted)'
    log(
      `${request.method} ${printableTarget(request.url ?? '')} ${response.statusCode} ${elapsed}ms${suffix}`,
    )
  })
}
