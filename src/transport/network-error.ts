import { type ApictlError, NetworkError, ResponseError } from '../core/errors.js'

const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
])

interface ErrorLike {
  code?: string
  message?: string
}

/** Turns what got/node throws into an error that says what happened, where, and what to try. */
export function toNetworkError(error: unknown, method: string, url: string, timeoutMs: number): ApictlError {
  const { code = '', message = String(error) } = (error ?? {}) as ErrorLike
  const where = `${method} ${url}`
  const host = safeHost(url)
  if (
    code === 'ETIMEDOUT' ||
    code === 'ERR_ABORTED' ||
    code === 'ABORT_ERR' ||
    /aborted|timed? ?out/i.test(message)
  ) {
    const seconds = timeoutMs / 1000
    return new NetworkError(`No complete answer from ${host} within ${seconds} s (time limit).`, {
      where,
      hint: 'Raise the limit with --timeout SECONDS, or check that the server is responding.',
      cause: error,
    })
  }
  if (code === 'ECONNREFUSED') {
    return new NetworkError(`Connection refused by ${host}.`, {
      where,
      hint: 'Is the server running on that port? For the built-in server run `apictl serve` or use the `local` profile.',
      cause: error,
    })
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new NetworkError(`Could not resolve host ${host}.`, {
      where,
      hint: 'Check the spelling of the host name and your network.',
      cause: error,
    })
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') {
    return new NetworkError(`The connection to ${host} was reset before a complete answer arrived.`, {
      where,
      hint: 'The server closed the connection; try again, or add --retry N for idempotent requests.',
      cause: error,
    })
  }
  if (TLS_CODES.has(code) || /certificate|ssl|tls/i.test(message)) {
    return new NetworkError(`TLS failed with ${host}: ${message}.`, {
      where,
      hint: 'Check the certificate; --insecure skips verification (for test servers only).',
      cause: error,
    })
  }
  if (code.startsWith('HPE_') || code === 'ERR_BODY_PARSE_FAILURE') {
    return new ResponseError(`${host} answered with something that is not valid HTTP (${code}).`, {
      where,
      hint: 'Is this really an HTTP endpoint? Check the URL and port.',
      cause: error,
    })
  }
  return new NetworkError(`Request to ${host} failed: ${message}${code ? ` (${code})` : ''}.`, {
    where,
    hint: 'Check the URL and that the server is reachable.',
    cause: error,
  })
}

function safeHost(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
