import type { OAuth2Settings } from '../core/exchange.js'

/** WS-Security UsernameToken credentials: `'USER:PASS'` or the parts. */
export type WssCredentials = string | { username: string; password: string }

/** How a library client is made: a profile, or the URLs themselves, plus defaults for every call. */
export interface ClientOptions {
  /** A profile from config.json; `local` (the default without URLs) is the embedded reference server. */
  profile?: string
  rest?: string
  graphql?: string
  soap?: string
  wsdl?: string
  headers?: Record<string, string>
  /** HTTP Basic as USER:PASS. */
  user?: string
  /** Bearer token. */
  token?: string
  oauth2?: OAuth2Settings
  /**
   * A WS-Security UsernameToken (PasswordText, mustUnderstand) for every
   * `soap.call`: `'USER:PASS'` or `{ username, password }`. SOAP services
   * such as the reference server's take their credentials in the envelope,
   * not from `user`/`token`; a call's own `wss` option replaces this one.
   *
   *     createClient({ profile: 'local', wss: 'demo:demo' }).soap.call('CreateItem', { name: 'Pen', price: 2.5 })
   */
  wss?: WssCredentials
  /**
   * Check GraphQL documents against the endpoint's schema before sending
   * (default true): the schema is introspected once per client (and cached
   * per endpoint on disk, as `apictl gql` does); a document that does not
   * validate resolves to `{ error }` with exit code 2 and nothing is sent.
   * false is `--no-validate` for every call; a call's `validate` wins.
   */
  validate?: boolean
  /** Seconds for each call, retries included (default 30). */
  timeout?: number
  retry?: number
  /**
   * The largest response body accepted, counted after decompression: bytes,
   * or a size such as `'10MB'` or `'1GiB'` (default 1 GiB). A bigger answer
   * (a compression bomb, an endless body) resolves to `{ error }`, exit code 6.
   */
  maxSize?: number | string
  insecure?: boolean
  /** A CA bundle (PEM file) trusted besides the system's. */
  ca?: string
  /** Client certificate (PEM file) for mutual TLS, and its key when apart. */
  cert?: string
  key?: string
  /** An HTTP(S) proxy; without it HTTPS_PROXY, HTTP_PROXY and NO_PROXY from `env` apply. */
  proxy?: string
  /** Offer HTTP/2 (ALPN) to https servers. */
  http2?: boolean
  /**
   * A named session (as `--session NAME`): cookies and headers kept per host
   * in the config dir and sent on later runs. Without it the client still
   * keeps the cookies servers set, for its own later calls.
   */
  session?: string
  /** Environment for `${env:NAME}` references and the config dir (default process.env). */
  env?: Record<string, string | undefined>
}

export interface ApiError {
  message: string
  /** The exit code the CLI would use: 2 usage, 3 network, 4 rejected, 5 server failed, 6 bad response. */
  exitCode: number
  /** HTTP status, when the server answered. */
  status?: number
  where?: string
  hint?: string
}

export interface RestCallOptions {
  query?: Record<string, string | number | boolean | Array<string | number | boolean>>
  headers?: Record<string, string>
  /** A JSON value to send as the body. */
  body?: unknown
  accept?: string
  signal?: AbortSignal
  /**
   * Follow the pages (`apictl rest --all`'s walk) and resolve to the merged
   * list, at most `maxPages` pages (default 100). status and headers are the
   * last page's; a page that fails gives its error, with the list so far.
   */
  all?: boolean
  maxPages?: number
}

export interface RestResponse<T = unknown> {
  status?: number
  headers?: Record<string, string | string[]>
  /** The decoded body: parsed JSON, or the text of an XML/text body. */
  data?: T
  error?: ApiError
  /** With `all`: why the walk stopped early (--max-pages, a repeated or empty page, a page that is not a list), as the CLI says it. */
  warnings?: string[]
}
