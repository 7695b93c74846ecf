import { type CurlFormPart, parseFormPart } from './curl-form-part.js'

/** What a curl command says about sending, beside the request itself. */
export interface CurlSettings {
  /** -u `user:password`. */
  user?: string
  insecure?: boolean
  followRedirects?: boolean
  compressed?: boolean
  proxy?: string
  ca?: string
  cert?: string
  key?: string
  timeoutSeconds?: number
  retry?: number
  http2?: boolean
}

/** What the options of a curl command have said so far. */
export interface CurlState extends CurlSettings {
  method?: string
  urls: string[]
  headers: Array<[string, string]>
  /** -d and friends, in order (joined with & as curl does). */
  data: string[]
  bodyFile?: string
  form: CurlFormPart[]
  get?: boolean
  head?: boolean
}

/** An option: whether it takes a value, and what it does (a string result is why it cannot be used). */
export interface CurlOption {
  takesValue: boolean
  apply(state: CurlState, value: string): string | undefined
}

const flag = (apply: (state: CurlState) => void): CurlOption => ({
  takesValue: false,
  apply: (state) => {
    apply(state)
    return undefined
  },
})
/** An option with a value; `apply` returns why it cannot be used, or anything else when it could. */
const valued = (apply: (state: CurlState, value: string) => unknown): CurlOption => ({
  takesValue: true,
  apply: (state, value) => {
    const problem = apply(state, value)
    return typeof problem === 'string' ? problem : undefined
  },
})
const ignored = flag(() => {})
const ignoredValue = valued(() => {})

/** curl's percent-encoding for --data-urlencode: everything but A–Z a–z 0–9 - . _ ~. */
function curlEscape(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

function data(mode: 'ascii' | 'raw' | 'binary'): CurlOption {
  return valued((state, value) => {
    if (mode !== 'raw' && value.startsWith('@')) {
      if (state.bodyFile !== undefined || state.data.length > 0)
        return 'a body from a file cannot be joined with other data'
      state.bodyFile = value.slice(1)
      return
    }
    if (state.bodyFile !== undefined) return 'a body from a file cannot be joined with other data'
    state.data.push(mode === 'ascii' ? value.replace(/[\r\n]/g, '') : value)
  })
}

const urlencode = valued((state, value) => {
  if (/^[^=]*@/.test(value) && !value.includes('='))
    return `--data-urlencode ${value}: reading a file into a field is not supported`
  const equals = value.indexOf('=')
  if (equals < 0) state.data.push(curlEscape(value))
  else if (equals === 0) state.data.push(curlEscape(value.slice(1)))
  else state.data.push(`${value.slice(0, equals)}=${curlEscape(value.slice(equals + 1))}`)
})

function header(state: CurlState, value: string): string | undefined {
  if (value.startsWith('@')) return `-H ${value}: headers from a file are not supported`
  const emptyValue = /^([^:;\s]+);$/.exec(value)
  if (emptyValue) {
    state.headers.push([emptyValue[1]!, ''])
    return
  }
  const colon = value.indexOf(':')
  if (colon <= 0) return `-H needs "Name: value" (found "${value}")`
  const text = value.slice(colon + 1).trim()
  // `Name:` with nothing after it tells curl to drop a header it would send: nothing to send here either.
  if (text !== '') state.headers.push([value.slice(0, colon).trim(), text])
}

function form(literal: boolean): CurlOption {
  return valued((state, value) => {
    const part = parseFormPart(value, literal)
    if (typeof part === 'string') return part
    state.form.push(part)
  })
}

function number(name: string, value: string, set: (count: number) => void): string | undefined {
  const count = Number(value)
  if (!Number.isFinite(count) || count < 0) return `${name} needs a number (found "${value}")`
  set(count)
}

/** The long options apictl reads, and the short letters that stand for them. */
export const CURL_OPTIONS: Record<string, CurlOption> = {
  '--url': valued((state, value) => {
    state.urls.push(value)
  }),
  '--request': valued((state, value) => {
    state.method = value.toUpperCase()
  }),
  '--header': valued(header),
  '--data': data('ascii'),
  '--data-ascii': data('ascii'),
  '--data-raw': data('raw'),
  '--data-binary': data('binary'),
  '--data-urlencode': urlencode,
  '--json': valued((state, value) => {
    data('binary').apply(state, value)
    state.headers.push(['Content-Type', 'application/json'], ['Accept', 'application/json'])
  }),
  '--form': form(false),
  '--form-string': form(true),
  '--user': valued((state, value) => {
    state.user = value
  }),
  '--insecure': flag((state) => {
    state.insecure = true
  }),
  '--location': flag((state) => {
    state.followRedirects = true
  }),
  '--compressed': flag((state) => {
    state.compressed = true
  }),
  '--cookie': valued((state, value) => {
    if (!value.includes('='))
      return `-b ${value}: reading cookies from a file is not supported (give name=value)`
    state.headers.push(['Cookie', value])
  }),
  '--user-agent': valued((state, value) => {
    state.headers.push(['User-Agent', value])
  }),
  '--referer': valued((state, value) => {
    state.headers.push(['Referer', value.replace(/;auto$/, '')])
  }),
  '--get': flag((state) => {
    state.get = true
  }),
  '--head': flag((state) => {
    state.head = true
  }),
  '--proxy': valued((state, value) => {
    state.proxy = value
  }),
  '--cacert': valued((state, value) => {
    state.ca = value
  }),
  '--cert': valued((state, value) => {
    state.cert = value
  }),
  '--key': valued((state, value) => {
    state.key = value
  }),
  '--http2': flag((state) => {
    state.http2 = true
  }),
  '--max-time': valued((state, value) =>
    number('--max-time', value, (seconds) => (state.timeoutSeconds = seconds)),
  ),
  '--retry': valued((state, value) => number('--retry', value, (count) => (state.retry = count))),
  // What curl prints, and where: apictl decides that itself.
  '--silent': ignored,
  '--show-error': ignored,
  '--verbose': ignored,
  '--include': ignored,
  '--fail': ignored,
  '--fail-with-body': ignored,
  '--no-progress-meter': ignored,
  '--progress-bar': ignored,
  '--globoff': ignored,
  '--http1.1': ignored,
  '--remote-name': ignored,
  '--remote-header-name': ignored,
  '--output': ignoredValue,
  '--continue-at': ignoredValue,
  '--retry-max-time': ignoredValue,
  '--connect-timeout': ignoredValue,
}

export const SHORT_OPTIONS: Record<string, string> = {
  X: '--request',
  H: '--header',
  d: '--data',
  F: '--form',
  u: '--user',
  k: '--insecure',
  L: '--location',
  b: '--cookie',
  A: '--user-agent',
  e: '--referer',
  G: '--get',
  I: '--head',
  x: '--proxy',
  E: '--cert',
  m: '--max-time',
  s: '--silent',
  S: '--show-error',
  v: '--verbose',
  i: '--include',
  f: '--fail',
  g: '--globoff',
  O: '--remote-name',
  J: '--remote-header-name',
  o: '--output',
  C: '--continue-at',
  '#': '--progress-bar',
}
