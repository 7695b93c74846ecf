import { type ApictlError, NetworkError } from '../core/errors.js'
import { type ChosenProxy, proxyLabel } from './proxy-for.js'

interface ErrorLike {
  code?: string
  message?: string
  address?: string
  hostname?: string
  /** got wraps node's error: the address is on the cause. */
  cause?: ErrorLike
}

/**
 * A failure that is the proxy's rather than the server's: the proxy cannot
 * be reached, or it refused the CONNECT tunnel (hpagent's `Bad response:
 * 407`). The proxy is named without its credentials. Undefined for any
 * other failure (toNetworkError words those).
 */
export function proxyFailure(error: unknown, proxy: ChosenProxy, where: string): ApictlError | undefined {
  const outer = (error ?? {}) as ErrorLike
  const like = { ...outer.cause, ...outer, message: outer.cause?.message ?? outer.message }
  const label = proxyLabel(proxy.url)
  const host = proxy.url.hostname.replace(/^\[(.*)\]$/, '$1')
  const atProxy = [like.address, like.hostname, outer.cause?.address, outer.cause?.hostname].includes(host)
  const hint = `Check the proxy (${proxy.from}); NO_PROXY lists hosts to reach directly.`
  if (atProxy && (like.code === 'ECONNREFUSED' || like.code === 'ENOTFOUND' || like.code === 'EAI_AGAIN')) {
    const why = like.code === 'ECONNREFUSED' ? 'connection refused' : 'host not found'
    return new NetworkError(`Could not reach the proxy ${label} (${why}).`, { where, hint, cause: error })
  }
  const refused = /^Bad response: (\d{3})$/.exec(like.message ?? '')
  if (refused) {
    const status = Number(refused[1])
    const why =
      status === 407
        ? 'it wants credentials, or refused the ones given'
        : status === 403
          ? 'forbidden by its rules'
          : `it answered ${status}`
    return new NetworkError(`The proxy ${label} refused to open a tunnel (${status}: ${why}).`, {
      where,
      hint:
        status === 407
          ? `Give the proxy's credentials in its URL: http://USER:PASS@${proxy.url.host} (${proxy.from}).`
          : hint,
      cause: error,
    })
  }
  return undefined
}
