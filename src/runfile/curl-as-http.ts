import type { CurlRequest } from './parse-curl-command.js'
import type { HttpRequestText } from './write-http-request.js'

const BOUNDARY = 'apictl-form-boundary'

const has = (headers: Array<[string, string]>, name: string) =>
  headers.some(([each]) => each.toLowerCase() === name.toLowerCase())

/** -F parts as the JetBrains client writes a multipart body: files as `< path` lines. */
function multipart(form: NonNullable<CurlRequest['form']>): string {
  const lines: string[] = []
  for (const part of form) {
    lines.push(`--${BOUNDARY}`)
    const filename =
      part.file === undefined ? '' : `; filename="${part.filename ?? part.file.split(/[\\/]/).pop()}"`
    lines.push(`Content-Disposition: form-data; name="${part.name}"${filename}`)
    if (part.type) lines.push(`Content-Type: ${part.type}`)
    lines.push('', part.file === undefined ? (part.value ?? '') : `< ${part.file}`)
  }
  lines.push(`--${BOUNDARY}--`)
  return lines.join('\n')
}

/** The apictl run options that say what curl's connection options said. */
function runOptions(curl: CurlRequest): string[] {
  const options: string[] = []
  if (curl.insecure) options.push('--insecure')
  if (curl.proxy) options.push(`--proxy ${curl.proxy}`)
  if (curl.ca) options.push(`--ca ${curl.ca}`)
  if (curl.cert) options.push(`--cert ${curl.cert}`)
  if (curl.key) options.push(`--key ${curl.key}`)
  if (curl.timeoutSeconds !== undefined) options.push(`--timeout ${curl.timeoutSeconds}`)
  if (curl.http2) options.push('--http2')
  return options
}

/**
 * A curl command (parsed by parseCurlCommand) as a request of a `.http` file:
 * its method, URL, headers, `-u` as `Authorization: Basic user:pass`, the body
 * inline or `< file`, `-F` parts as a multipart body. What curl says about
 * the connection becomes a comment naming the `apictl run` options to use.
 */
export function curlAsHttp(curl: CurlRequest): HttpRequestText {
  const headers: Array<[string, string]> = [...curl.headers]
  if (curl.user !== undefined && !has(headers, 'authorization'))
    headers.push(['Authorization', `Basic ${curl.user}`])
  const request: HttpRequestText = { method: curl.method.toUpperCase(), url: curl.url, headers }
  if (curl.form !== undefined && curl.form.length > 0) {
    if (!has(headers, 'content-type'))
      headers.push(['Content-Type', `multipart/form-data; boundary=${BOUNDARY}`])
    request.body = multipart(curl.form)
  } else if (curl.bodyFile !== undefined) request.bodyFile = curl.bodyFile
  else if (curl.body !== undefined) request.body = curl.body
  if (curl.urlencoded && !has(headers, 'content-type')) {
    headers.push(['Content-Type', 'application/x-www-form-urlencoded'])
  }
  const comments: string[] = []
  const options = runOptions(curl)
  if (options.length > 0) comments.push(`run with: apictl run FILE ${options.join(' ')}`)
  if (curl.followRedirects)
    comments.push('curl -L followed redirects; apictl run does not (the 3xx is the answer)')
  if (curl.retry) comments.push(`curl --retry ${curl.retry}: apictl run sends each request once`)
  if (comments.length > 0) request.comments = comments
  return request
}
