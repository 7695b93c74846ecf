import type { HttpResponse } from '../core/exchange.js'

/**
 * A response's headers as apictl keeps them: HTTP/2's pseudo-headers
 * (`:status`) left out (the status is on the response) and every value a
 * string or a list of strings.
 */
export function responseHeaders(headers: Record<string, unknown>): HttpResponse['headers'] {
  const plain: HttpResponse['headers'] = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || value === undefined) continue
    plain[name] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return plain
}
