import { type ApictlError, NetworkError, ResponseError } from '../core/errors.js'
import { redactUrl, redactUrlsIn } from '../core/redact-url.js'

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

/** zlib's and brotli's codes for a body that does not decompress. */
const DECODE_CODES = /^(?:Z_[A-Z_]+|ERR_BROTLI_[A-Z_]+|ERR_ZLIB_[A-Z_]+)$/

/** What got/node throws, as far as the messages need it. */
interface ErrorLike {
  code?: string
  message?: string
  /** got: the response, when its head had arrived. */
  response?: { headers?: Record<string, string | string[] | undefined>; rawHeaders?: string[] }
  /** got: how much of the body had arrived. */
  request?: { downloadProgress?: { transferred?: number; total?: number } }
}

/** Turns what got/node throws into an error that says what happened, where, and what to try. */
export function toNetworkError(error: unknown, method: string, url: string, timeoutMs: number): ApictlError {
  const like = (error ?? {}) as ErrorLike
  const code = like.code ?? ''
  // Node's and got's messages may quote the URL: never with its password or api_key.
  const message = redactUrlsIn(like.message ?? String(error))
  const where = `${method} ${redactUrl(url)}`
  const host = safeHost(url)
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') {
    return closedEarly(like, host, where, error)
  }
  if (
    code === 'ETIMEDOUT' ||
    code === 'ERR_ABORTED' ||
    code === 'ABORT_ERR' ||
    /timed? ?out/i.test(message)
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
  if (TLS_CODES.has(code) || /certificate|ssl|tls/i.test(message)) {
    return new NetworkError(`TLS failed with ${host}: ${message}.`, {
      where,
      hint: 'Check the certificate; --insecure skips verification (for test servers only).',
      cause: error,
    })
  }
  if (DECODE_CODES.test(code)) return undecodable(like, host, where, error)
  if (code === 'ERR_TOO_MANY_REDIRECTS') {
    return new ResponseError(`${host} redirected too many times (a redirect loop?): ${message}.`, {
      where,
      hint: 'Drop --follow and look at the Location header the server sends (-v shows every hop).',
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

/** The connection ended early: before any answer, or (got saw the head) in the middle of the body. */
function closedEarly(like: ErrorLike, host: string, where: string, cause: unknown): ApictlError {
  const hint = 'The server closed the connection; try again, or add --retry N for idempotent requests.'
  if (like.response === undefined) {
    return new NetworkError(`The connection to ${host} was closed or reset before an answer arrived.`, {
      where,
      hint,
      cause,
    })
  }
  const progress = like.request?.downloadProgress
  const received = progress?.transferred
  const total = progress?.total
  const counted =
    received === undefined ? '' : total ? ` (${received} of ${total} bytes)` : ` (${received} bytes)`
  return new NetworkError(`The connection to ${host} closed before the whole answer arrived${counted}.`, {
    where,
    hint,
    cause,
  })
}

/** The body arrived but does not decompress as its Content-Encoding says. */
function undecodable(like: ErrorLike, host: string, where: string, cause: unknown): ApictlError {
  // got drops Content-Encoding from `headers` once it decompresses; the raw list keeps it.
  const raw = like.response?.rawHeaders ?? []
  const at = raw.findIndex((name, index) => index % 2 === 0 && name.toLowerCase() === 'content-encoding')
  const claim = at < 0 ? 'is compressed' : `claims Content-Encoding: ${raw[at + 1]}`
  return new ResponseError(
    `The body from ${host} ${claim} but does not decode (${redactUrlsIn(like.message ?? like.code ?? '')}).`,
    {
      where,
      hint: "The server sent a broken body; ask for an uncompressed one with -H 'Accept-Encoding: identity', or tell the server's owner.",
      cause,
    },
  )
}

function safeHost(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return redactUrl(url)
  }
}
