/** The protocol-neutral vocabulary of one HTTP exchange. */

/** A header repeated on the command line keeps every value, in order: each is sent as its own line. */
export type Headers = Record<string, string | string[]>

/** Headers to apply in order: a later name replaces an earlier one; a list value is a repeated header. */
export type HeaderList = Array<[string, string | string[]]>

/** A request as built (pure data): what --dry-run and --curl print and what the transport sends. */
export interface HttpRequest {
  method: string
  url: string
  /** Header names as the user wrote them; lookups go through `headerValue`. */
  headers: Headers
  body?: string | Buffer
  /**
   * A form (-f, `field@file`): its fields and files as given. Urlencoded, the
   * body above is the encoded form too; multipart, there is no body above:
   * the transport streams the parts, files read from disk as they go.
   */
  form?: FormBody
  /** Auth that needs a round trip before sending (OAuth 2.0 client credentials). */
  oauth2?: OAuth2Settings
}

export interface FormBody {
  /** multipart/form-data (with this boundary), else application/x-www-form-urlencoded. */
  multipart: boolean
  boundary?: string
  /** Text fields, in order; a name may repeat. */
  fields: Array<[string, string]>
  files: FormFile[]
}

/** A file part of a multipart form: read from `path` when sent. */
export interface FormFile {
  field: string
  path: string
  /** The name sent in Content-Disposition: the file's base name. */
  filename: string
  contentType: string
  /** Bytes, as the file was when the request was built. */
  size: number
}

/** A cookie jar as the transport (got's `cookieJar`) uses one: transport/cookie-jar.ts's CookieStore. */
export interface CookieJarLike {
  getCookieString(url: string): Promise<string>
  setCookie(rawCookie: string, url: string): Promise<unknown>
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
  /**
   * The rest of the body, when it outgrew the window the caller asked the
   * transport to hold (sendStreamed): `body` is then its
   * beginning, and this yields the rest as it arrives. Read it to the end,
   * or stop early (`break`), which closes the connection.
   */
  more?: AsyncIterable<Buffer>
  /**
   * The body is a live stream (server-sent events, NDJSON, --stream): `more`
   * yields it from its first byte as it arrives, and only silence (the time
   * limit between chunks) ends it.
   */
  live?: boolean
  /** Closes a body handed over in `more` without reading it (a retried answer, one a printer refuses): the stream, its connection, its timers. */
  drop?: () => void
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

export function withHeader(headers: Headers, name: string, value: string | string[]): Headers {
  return { ...withoutHeader(headers, name), [name]: value }
}

/**
 * Header pairs as given on a command line, grouped by name (case-insensitive,
 * first spelling and position kept): a name given more than once keeps every
 * value, in order, and is sent as repeated header lines, as HTTPie does.
 */
export function groupHeaders(pairs: ReadonlyArray<readonly [string, string]>): HeaderList {
  const grouped: HeaderList = []
  const at = new Map<string, number>()
  for (const [name, value] of pairs) {
    const index = at.get(name.toLowerCase())
    if (index === undefined) {
      at.set(name.toLowerCase(), grouped.length)
      grouped.push([name, value])
      continue
    }
    const entry = grouped[index]!
    entry[1] = [...(Array.isArray(entry[1]) ? entry[1] : [entry[1]]), value]
  }
  return grouped
}

/** One value per name, a repeated header joined with `, ` (what fetch's Headers and most servers read the same). */
export function joinHeaderValues(headers: Headers): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  )
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

/**
 * How a streamed answer's records are framed, by its Content-Type:
 * server-sent events, or JSON texts one per line (NDJSON, JSON Lines, and
 * RFC 7464 JSON text sequences, whose records also start with 0x1E).
 */
export type StreamFraming = 'event-stream' | 'json-lines'

const JSON_LINES_TYPES = new Set([
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonl',
  'application/jsonlines',
  'application/x-jsonlines',
  'application/json-seq',
])

export function streamFraming(contentType: string | undefined): StreamFraming | undefined {
  const type = mediaType(contentType)
  if (type === 'text/event-stream') return 'event-stream'
  return JSON_LINES_TYPES.has(type) ? 'json-lines' : undefined
}
