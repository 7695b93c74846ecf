import type { FormBody, HttpRequest } from '../core/exchange.js'

/** The transport settings a curl command can say too. */
export interface CurlSettings {
  /** --insecure → `--insecure`. */
  insecure?: boolean
  /** The whole call's time limit → `--max-time` (and `--retry-max-time` with retries). */
  timeoutSeconds?: number
  /** --retry N → `--retry N` (the caller leaves it out for methods apictl never retries). */
  retry?: number
  /** --follow → `--location`. */
  followRedirects?: boolean
  /** The proxy apictl would use for this URL → `--proxy URL` (credentials as given: curl needs them). */
  proxy?: string
  /** --ca, --cert, --key → `--cacert`, `--cert`, `--key` (the same files). */
  ca?: string
  cert?: string
  key?: string
  /** --http2 → `--http2`. */
  http2?: boolean
  /** --download [FILE] → `--output FILE` or `--remote-name --remote-header-name`; --continue → `--continue-at -`. */
  download?: { file?: string; resume: boolean }
}

/** An equivalent curl command for a built request (--curl), quoted for a POSIX shell. */
export function curlCommand(request: HttpRequest, settings: CurlSettings = {}): string {
  const parts = ['curl', '--silent', '--show-error']
  if (request.method === 'HEAD') parts.push('--head')
  else if (request.method !== 'GET' || request.body !== undefined) parts.push('--request', request.method)
  parts.push(shellQuote(request.url))
  for (const [name, value] of Object.entries(request.headers)) {
    // curl writes a form's Content-Type itself (-F gives its own boundary), and its Range (-C -).
    if (request.form && name.toLowerCase() === 'content-type') continue
    if (settings.download?.resume && name.toLowerCase() === 'range') continue
    for (const each of Array.isArray(value) ? value : [value]) {
      parts.push('--header', shellQuote(each === '' ? `${name};` : `${name}: ${each}`))
    }
  }
  if (request.oauth2) parts.push('--header', '"Authorization: Bearer $APICTL_OAUTH2_TOKEN"')
  if (request.form) parts.push(...curlForm(request.form))
  else if (request.body !== undefined) parts.push('--data-binary', shellQuote(request.body.toString()))
  if (settings.followRedirects) parts.push('--location')
  if (settings.insecure) parts.push('--insecure')
  if (settings.proxy !== undefined) parts.push('--proxy', shellQuote(settings.proxy))
  if (settings.ca !== undefined) parts.push('--cacert', shellQuote(settings.ca))
  if (settings.cert !== undefined) parts.push('--cert', shellQuote(settings.cert))
  if (settings.key !== undefined) parts.push('--key', shellQuote(settings.key))
  if (settings.http2) parts.push('--http2')
  const download = settings.download
  if (download?.file !== undefined) parts.push('--output', shellQuote(download.file))
  else if (download) parts.push('--remote-name', '--remote-header-name')
  if (download?.resume) parts.push('--continue-at', '-')
  const seconds = settings.timeoutSeconds === undefined ? undefined : String(settings.timeoutSeconds)
  if (seconds !== undefined) parts.push('--max-time', seconds)
  if (settings.retry) {
    parts.push('--retry', String(settings.retry))
    if (seconds !== undefined) parts.push('--retry-max-time', seconds)
  }
  return parts.join(' ')
}

/** Single-quotes a word for sh/bash/zsh unless it is plainly safe. */
export function shellQuote(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word
  return `'${word.replaceAll("'", `'\\''`)}'`
}

/** A form as curl takes one: --data-urlencode per field, or --form-string and -F (files by path, with their type). */
function curlForm(form: FormBody): string[] {
  if (!form.multipart) {
    return form.fields.flatMap(([name, value]) => [
      '--data-urlencode',
      shellQuote(`${encodeURIComponent(name)}=${value}`),
    ])
  }
  // Inside -F, a value with ; or , or a quote is double-quoted, with \\ and \" escaped (curl's rules).
  const inForm = (text: string) => (/[;,"\\]/.test(text) ? `"${text.replace(/["\\]/g, '\\$&')}"` : text)
  return [
    ...form.fields.flatMap(([name, value]) => ['--form-string', shellQuote(`${name}=${value}`)]),
    ...form.files.flatMap((file) => [
      '-F',
      shellQuote(
        `${file.field}=@${inForm(file.path)};type=${file.contentType};filename=${inForm(file.filename)}`,
      ),
    ]),
  ]
}
