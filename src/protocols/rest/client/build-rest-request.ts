import type { FormBody, HeaderList, Headers, HttpRequest, OAuth2Settings } from '../../../core/exchange.js'
import { headerValue, withHeader, withoutHeader } from '../../../core/exchange.js'
import { VERSION } from '../../../core/version.js'
import { formContentType, urlencodedBody } from './form-body.js'
import type { RestMethod } from './rest-method.js'

export interface RestRequestInput {
  method: RestMethod
  url: URL
  /** Profile headers, auth and the command line's, in order: a later name replaces an earlier one; a list is sent as repeated lines. */
  headers: HeaderList
  /** Headers to drop, even defaults (`Name:` items). */
  unsetHeaders?: string[]
  query?: Array<[string, string]>
  /** A JSON value to send as the body. */
  json?: unknown
  /** A body already serialised (--data; a request file's body, bytes too). */
  rawBody?: string | Buffer
  /** A form (-f, `field@file`): urlencoded, or multipart when it has files. */
  form?: FormBody
  accept?: string
  oauth2?: OAuth2Settings
}

/** Pure: the HTTP request a REST call sends. --dry-run and --curl print exactly this. */
export function buildRestRequest(input: RestRequestInput): HttpRequest {
  const url = new URL(input.url)
  for (const [name, value] of input.query ?? []) url.searchParams.append(name, value)
  const form = input.form
  const body =
    (form && urlencodedBody(form)) ??
    input.rawBody ??
    (input.json === undefined ? undefined : JSON.stringify(input.json))
  let headers: Headers = {
    'User-Agent': `apictl/${VERSION}`,
    Accept: acceptHeader(input.accept),
  }
  for (const [name, value] of input.headers) headers = withHeader(headers, name, value)
  if ((body !== undefined || form) && !headerValue(headers, 'content-type')) {
    headers = withHeader(headers, 'Content-Type', form ? formContentType(form) : 'application/json')
  }
  for (const name of input.unsetHeaders ?? []) headers = withoutHeader(headers, name)
  const request: HttpRequest = { method: input.method, url: url.toString(), headers }
  if (body !== undefined) request.body = body
  if (form) request.form = form
  if (input.oauth2) request.oauth2 = input.oauth2
  return request
}

export function acceptHeader(accept: string | undefined): string {
  const keyword = accept?.trim().toLowerCase()
  if (!keyword || keyword === 'json') return 'application/json'
  if (keyword === 'xml') return 'application/xml'
  return accept!.trim()
}
