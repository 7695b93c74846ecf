import {
  completionDigest,
  notGiven,
  restLineCandidates,
} from '../../protocols/rest/openapi/completion-candidates.js'
import type { CompletionRequest } from '../command.js'
import { REST_LINE_OPTIONS } from '../lines/line-options.js'
import type { ReplSession } from '../session.js'
import { lastIds } from './last-ids.js'
import { optionNames, optionValues, positionalWords } from './option-candidates.js'

const collection = /^\/v\d+\/items\/?$/
const item = /^\/v\d+\/items\/[^/]+\/?$/
const reviews = /^\/v\d+\/items\/[^/]+\/reviews\/?$/

/**
 * A REST line after its method: the paths the OpenAPI document declares for
 * the method (path parameters filled from the last list) and the paths the
 * session knows; after the path, the operation's query parameters and body
 * fields (without a document, the reference server's), and options.
 */
export async function completeRestLine(
  request: CompletionRequest,
  session: ReplSession,
  method = 'get',
): Promise<string[]> {
  const values = optionValues(request.words.at(-1), REST_LINE_OPTIONS)
  if (values !== undefined) return values
  if (request.partial.startsWith('-')) return optionNames(REST_LINE_OPTIONS)
  const [path, ...items] = positionalWords(request.words, REST_LINE_OPTIONS)
  const document =
    request.partial.startsWith('http') || path?.startsWith('http') ? undefined : await session.openApi(true)
  if (document !== undefined) {
    const base =
      session.target.rest === undefined ? '' : new URL(session.target.rest).pathname.replace(/\/+$/, '')
    const digest = completionDigest(document.index)
    const candidates = restLineCandidates(digest, method, path, items, lastIds(session.last), base)
    return path === undefined ? [...new Set([...candidates, ...session.paths.list()])] : candidates
  }
  if (path === undefined) return session.paths.list()
  return session.target.builtin
    ? notGiven(referenceItems(method.toLowerCase(), path.replace(/\?.*$/, '')), items)
    : []
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
