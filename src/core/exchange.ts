/** The protocol-neutral vocabulary of one HTTP exchange. */

export type Headers = Record<string, string>

/** A request as built (pure data): what --dry-run and --curl print and what the transport sends. */
export interface HttpRequest {
  method: string
  url: string
  /** Header names as the user wrote them; lookups go through `headerValue`. */
  headers: Headers
  body?: string | Buffer
  /** Auth that needs a round trip before sending (OAuth 2.0 client credentials). */
  oauth2?: OAuth2Settings
}

export interface OAuth2Settings {
  tokenUrl: string
  clientId: string
  clientSecret: string
  scope?: string
}

export interface Timings {
  /** Milliseconds from the start of the call to each phase. */
  dns?: number
  connect?: number
  tls?: number
  firstByte?: number
  total: number
}

export interface HttpResponse {
  status: number
  statusText: string
  /** Lower-case names; repeated headers joined as the server sent them (set-cookie kept as list). */
  headers: Record<string, string | string[]>
  body: Buffer
  url: string
  httpVersion: string
  timings: Timings
}

export function headerValue(headers: Headers | HttpResponse['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(', ') : value
  }
  return undefined
}

export function withoutHeader(headers: Headers, name: string): Headers {
  const wanted = name.toLowerCase()
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== wanted))
}

export function withHeader(headers: Headers, name: string, value: string): Headers {
  return { ...withoutHeader(headers, name), [name]: value }
}

/** Media type of a Content-Type value, lower-cased, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

export function isJsonType(contentType: string | undefined): boolean {
  const type = mediaType(contentType)
  return type === 'application/json' || type.endsWith('+json')
}

export function isXmlType(contentType: string | undefined): boolean {
  const type = mediaType(contentType)
  return type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')
}
