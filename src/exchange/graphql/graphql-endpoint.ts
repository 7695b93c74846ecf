import { UsageError } from '../../core/errors.js'
import { expandUrlShorthand } from '../../core/url-shorthand.js'
import type { Target } from '../target.js'

/** Where a call goes: its own endpoint (-e), else the target's. */
export interface GraphQLEndpoint {
  url: string
  /** The target's own endpoint (not one given with the call). */
  own: boolean
  /**
   * False for the embedded server's own endpoint, which listens on a new
   * port each run: its schema is asked for, never cached on disk.
   */
  cachesSchema: boolean
}

/**
 * The endpoint of a call: `given` (-e URL), else the target's. None at all
 * is a usage error with the surface's `hint`; so is one that is not an
 * http(s) URL (subscriptions derive ws:// from it).
 */
export function graphqlEndpoint(target: Target, given: string | undefined, hint: string): GraphQLEndpoint {
  const url = given === undefined ? target.graphql : expandUrlShorthand(given)
  if (url === undefined || url === '') {
    throw new UsageError(`Profile ${target.profileName} has no GraphQL endpoint.`, { hint })
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new UsageError(`The GraphQL endpoint '${url}' is not a URL.`, {
      hint: 'Give a full URL, e.g. http://localhost:4000/graphql',
    })
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`The GraphQL endpoint '${url}' is not an http(s) URL.`, {
      hint: 'Give http://host:port/graphql (subscriptions derive ws:// from it).',
    })
  }
  const own = given === undefined
  return { url, own, cachesSchema: !(own && target.builtin) }
}
