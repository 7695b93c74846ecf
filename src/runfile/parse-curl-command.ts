import { UsageError } from '../core/errors.js'
import type { CurlFormPart } from './curl-form-part.js'
import {
  CURL_OPTIONS,
  type CurlOption,
  type CurlSettings,
  type CurlState,
  SHORT_OPTIONS,
} from './curl-options.js'
import { splitShellWords } from './shell-words.js'

export type { CurlFormPart, CurlSettings }

/** A request as a curl command says it (`apictl run --from-curl` turns it into a `.http` request). */
export interface CurlRequest extends CurlSettings {
  method: string
  url: string
  headers: Array<[string, string]>
  body?: string
  /** `-d @file`, `--data-binary @file`: the body is that file. */
  bodyFile?: string
  /** -F/--form parts (multipart/form-data). */
  form?: CurlFormPart[]
  /** The body is a urlencoded form (data options without a Content-Type header: curl sends application/x-www-form-urlencoded). */
  urlencoded?: boolean
}

const SETTING_NAMES: ReadonlyArray<keyof CurlSettings> = [
  'user',
  'insecure',
  'followRedirects',
  'compressed',
  'proxy',
  'ca',
  'cert',
  'key',
  'timeoutSeconds',
  'retry',
  'http2',
]

function unknown(option: string): UsageError {
  return new UsageError(`the curl option ${option} is not supported`, {
    hint: `apictl reads ${Object.keys(CURL_OPTIONS).join(', ')} and their short forms`,
  })
}

/** The options and arguments after `curl`, applied to a state in order. */
function readWords(words: string[]): CurlState {
  const state: CurlState = { urls: [], headers: [], data: [], form: [] }
  const use = (name: string, option: CurlOption, inline: string | undefined, index: number): number => {
    let value = inline
    let next = index
    if (option.takesValue && value === undefined) {
      value = words[++next]
      if (value === undefined) throw new UsageError(`the curl option ${name} needs a value`)
    }
    const problem = option.apply(state, value ?? '')
    if (problem !== undefined) throw new UsageError(problem)
    return next
  }
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!
    if (word === '--') {
      state.urls.push(...words.slice(index + 1))
      break
    }
    if (word.startsWith('--')) {
      const option = CURL_OPTIONS[word]
      if (option === undefined) throw unknown(word)
      index = use(word, option, undefined, index)
    } else if (word.startsWith('-') && word.length > 1) {
      for (let at = 1; at < word.length; at++) {
        const name = SHORT_OPTIONS[word[at]!]
        const option = name === undefined ? undefined : CURL_OPTIONS[name]
        if (option === undefined) throw unknown(`-${word[at]}`)
        const rest = word.slice(at + 1)
        if (option.takesValue) {
          index = use(`-${word[at]}`, option, rest === '' ? undefined : rest, index)
          break
        }
        use(`-${word[at]}`, option, undefined, index)
      }
    } else state.urls.push(word)
  }
  return state
}

function hasHeader(headers: Array<[string, string]>, name: string): boolean {
  return headers.some(([each]) => each.toLowerCase() === name)
}

/**
 * Reads a curl command as the shell would split it (quotes, `$'…'`, `\`
 * continuations) and as curl reads its options: -X, -H, -d/--data/
 * --data-raw/--data-binary/--data-urlencode, -F, -u, -k, -L, --compressed,
 * -b (a Cookie header), -A, -e, -G, -I, --url, and apictl's own `--curl`
 * output. Output-only options (-s, -v, -o, …) are ignored; any other option
 * is a UsageError naming it.
 */
export function parseCurlCommand(command: string): CurlRequest {
  const words = splitShellWords(command.trim())
  if (words.length === 0 || !/(^|[/\\])curl(\.exe)?$/.test(words[0]!)) {
    throw new UsageError('not a curl command: it should start with curl')
  }
  const state = readWords(words.slice(1))
  if (state.urls.length === 0) throw new UsageError('the curl command has no URL')
  if (state.urls.length > 1)
    throw new UsageError(`the curl command has more than one URL: ${state.urls.join(', ')}`)
  if (state.form.length > 0 && (state.data.length > 0 || state.bodyFile !== undefined)) {
    throw new UsageError('the curl command has both -F and -d: curl sends one or the other')
  }
  let url = state.urls[0]!
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) url = `http://${url}`
  const hasData = state.data.length > 0 || state.bodyFile !== undefined
  const body = state.data.length > 0 ? state.data.join('&') : undefined
  if (state.get && body !== undefined) url += `${url.includes('?') ? '&' : '?'}${body}`
  const sendsBody = hasData && !state.get
  const method = state.method ?? (state.head ? 'HEAD' : sendsBody || state.form.length > 0 ? 'POST' : 'GET')
  const request: CurlRequest = { method, url, headers: state.headers }
  if (sendsBody && body !== undefined) request.body = body
  if (sendsBody && state.bodyFile !== undefined) request.bodyFile = state.bodyFile
  if (sendsBody && !hasHeader(state.headers, 'content-type')) request.urlencoded = true
  if (state.form.length > 0) request.form = state.form
  for (const name of SETTING_NAMES) {
    if (state[name] !== undefined) Object.assign(request, { [name]: state[name] })
  }
  return request
}
