import { UsageError } from '../../../core/errors.js'
import { expandUrlShorthand, isUrlShorthand } from '../../../core/url-shorthand.js'

/**
 * The request URL from what the user typed: a full URL as is; `/path` against
 * the profile's REST base; `:3000/path` as localhost (HTTPie's shorthand);
 * `host/path` with http:// added.
 */
export function resolveRestUrl(input: string, base: string | undefined, profileName: string): URL {
  if (/^https?:\/\//i.test(input)) return parse(input, input)
  if (isUrlShorthand(input)) return parse(expandUrlShorthand(input), input)
  if (input.startsWith('/')) {
    if (!base) {
      throw new UsageError(
        `'${input}' is a path, and profile '${profileName}' has no REST base URL to resolve it against.`,
        {
          hint: `Give a full URL (http://host:port${input}), or set one: apictl profile add ${profileName} --rest http://host:port`,
        },
      )
    }
    const baseUrl = parse(base, base)
    const prefix = baseUrl.pathname.replace(/\/+$/, '')
    const [path, query] = splitQuery(input)
    const url = new URL(baseUrl.origin)
    url.pathname = `${prefix}${path}`
    url.search = query
    return url
  }
  if (/^[\w.-]+(:\d+)?(\/|$)/.test(input)) return parse(`http://${input}`, input)
  throw new UsageError(`'${input}' is neither a URL nor a path.`, {
    hint: 'Write a full URL (https://host/v1/items) or a path starting with / (/v1/items).',
  })
}

function splitQuery(path: string): [string, string] {
  const at = path.indexOf('?')
  return at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)]
}

function parse(text: string, input: string): URL {
  try {
    return new URL(text)
  } catch {
    throw new UsageError(`'${input}' is not a valid URL.`, { hint: 'Check for stray spaces or characters.' })
  }
}
