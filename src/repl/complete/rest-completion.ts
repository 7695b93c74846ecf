import type { CompletionRequest } from '../command.js'
import { REST_LINE_OPTIONS } from '../lines/line-options.js'
import type { ReplSession } from '../session.js'
import { optionNames, optionValues, positionalWords } from './option-candidates.js'

const collection = /^\/v\d+\/items\/?$/
const item = /^\/v\d+\/items\/[^/]+\/?$/
const reviews = /^\/v\d+\/items\/[^/]+\/reviews\/?$/

/**
 * A REST line after its method: the paths the session knows first, then
 * request items the reference server's resources take, and options.
 */
export function completeRestLine(request: CompletionRequest, session: ReplSession, method = 'get'): string[] {
  const values = optionValues(request.words.at(-1), REST_LINE_OPTIONS)
  if (values !== undefined) return values
  if (request.partial.startsWith('-')) return optionNames(REST_LINE_OPTIONS)
  const [path, ...items] = positionalWords(request.words, REST_LINE_OPTIONS)
  if (path === undefined) return session.paths.list()
  if (!session.target.builtin) return []
  const given = new Set(items.map((each) => /^[^=:]+/.exec(each)?.[0]))
  return referenceItems(method.toLowerCase(), path.replace(/\?.*$/, '')).filter(
    (candidate) => !given.has(/^[^=:]+/.exec(candidate)?.[0]),
  )
}

/** Items the reference server's resources take, by method. */
function referenceItems(method: string, path: string): string[] {
  const writes = method === 'post' || method === 'put' || method === 'patch'
  if (reviews.test(path)) return writes ? ['rating:=', 'comment=', 'author='] : ['page==', 'limit==']
  if (collection.test(path) && !writes) return ['page==', 'limit==', 'tag==']
  if ((collection.test(path) && method === 'post') || (item.test(path) && writes)) {
    return ['name=', 'price:=', 'description=', 'quantity:=', 'tags:=']
  }
  return []
}
