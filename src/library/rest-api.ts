import type { Context } from '../core/context.js'
import { isApictlError } from '../core/errors.js'
import type { CommonOptions } from '../core/request-options.js'
import { DEFAULT_MAX_PAGES, RestClient } from '../exchange/rest/rest-client.js'
import type { Target } from '../exchange/target.js'
import type { RestResult } from '../protocols/rest/client/decode-rest-response.js'
import { collectPages } from '../protocols/rest/client/merged-pages.js'
import type { TokenStore } from '../transport/transport-options.js'
import { toApiError } from './api-error.js'
import type { ApiError, RestCallOptions, RestResponse } from './client-options.js'

type Call = <T = unknown>(path: string, options?: RestCallOptions) => Promise<RestResponse<T>>

export interface RestApi {
  request<T = unknown>(method: string, path: string, options?: RestCallOptions): Promise<RestResponse<T>>
  get: Call
  post: Call
  put: Call
  patch: Call
  delete: Call
  head: Call
  options: Call
}

/** `client.rest.*`: the RestClient `apictl rest` uses (made once per client), resolved to `{ data, error }`. */
export function createRestApi(
  getTarget: () => Promise<Target>,
  common: CommonOptions,
  ctx: Context,
  tokens: TokenStore,
): RestApi {
  let client: Promise<RestClient> | undefined
  const restClient = () => {
    client ??= getTarget().then((target) => new RestClient({ target, cache: 'memory', tokens }))
    return client
  }
  async function request<T>(
    method: string,
    path: string,
    options: RestCallOptions = {},
  ): Promise<RestResponse<T>> {
    try {
      const rest = await restClient()
      const outcome = await rest.request(
        {
          method,
          url: path,
          headers: Object.entries(options.headers ?? {}),
          query: queryPairs(options.query),
          json: options.body,
          accept: options.accept,
          lint: false,
          signal: options.signal,
          all: options.all,
          maxPages: options.maxPages,
        },
        common,
        ctx,
      )
      if (outcome.pages === undefined) return toRestResponse<T>(outcome.result)
      // The merged list, read from the walk `apictl rest --all` prints from.
      const data = await collectPages(outcome.pages)
      const end = outcome.pages.end!
      if (end.truncated) {
        const pages = options.maxPages ?? DEFAULT_MAX_PAGES
        end.result.warnings.push(`stopped after ${pages} pages (maxPages); the server has more.`)
      }
      return { ...toRestResponse<T>(end.result), data: data as T }
    } catch (error) {
      if (!isApictlError(error)) throw error
      return { error: toApiError(error) }
    }
  }
  const call =
    (method: string): Call =>
    (path, options) =>
      request(method, path, options)
  return {
    request,
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
    head: call('HEAD'),
    options: call('OPTIONS'),
  }
}

function toRestResponse<T>(result: RestResult): RestResponse<T> {
  const body = result.body
  const data = (
    body.kind === 'json' ? body.value : body.kind === 'xml' || body.kind === 'text' ? body.text : undefined
  ) as T | undefined
  const response: RestResponse<T> = { status: result.status, headers: result.headers, data }
  if (result.status >= 400) response.error = httpError(result, data)
  if (result.warnings.length > 0) response.warnings = result.warnings
  return response
}

function httpError(result: RestResult, data: unknown): ApiError {
  const detail =
    typeof data === 'object' && data !== null ? (data as { detail?: unknown; title?: unknown }) : {}
  const text =
    typeof detail.detail === 'string' ? detail.detail : typeof detail.title === 'string' ? detail.title : ''
  return {
    message: `HTTP ${result.status} ${result.statusText}${text ? `: ${text}` : ''}`,
    exitCode: result.exitCode,
    status: result.status,
    where: `${result.method} ${result.response.url}`,
  }
}

function queryPairs(query: RestCallOptions['query']): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, String(one)])
  }
  return pairs
}
