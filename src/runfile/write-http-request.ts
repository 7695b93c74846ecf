/** One request as `.http` text is written: what `.save FILE.http` and `apictl run --from-curl` produce. */
export interface HttpRequestText {
  /** The text after `###`. */
  title?: string
  /** `# @name NAME`. */
  name?: string
  /** Comment lines (written `# …`). */
  comments?: string[]
  /** `# @key value` directives (`wss`, `soap`). */
  directives?: Array<[string, string]>
  /** GET, POST…, GRAPHQL or SOAP. */
  method: string
  /** The URL or path (SOAP: optional endpoint; GRAPHQL: optional). */
  url?: string
  /** SOAP: the operation. */
  operation?: string
  /** HTTPie request items after the URL. */
  items?: string[]
  headers?: Array<[string, string]>
  /** SOAP: `param=value` lines. */
  parameters?: string[]
  body?: string
  /** `< ./file`, instead of an inline body. */
  bodyFile?: string
}

/** A word as the request line reads it back: quoted when it holds blanks or quotes. */
function word(text: string): string {
  if (text !== '' && !/[\s'"]/.test(text)) return text
  return text.includes("'") ? `"${text}"` : `'${text}'`
}

/**
 * The `.http` text of one request, starting with its `###` line and ending
 * with a blank line, so requests appended one after another stay apart.
 */
export function writeHttpRequest(request: HttpRequestText): string {
  const lines = [`###${request.title ? ` ${request.title}` : ''}`]
  for (const comment of request.comments ?? []) lines.push(`# ${comment}`)
  if (request.name) lines.push(`# @name ${request.name}`)
  for (const [key, value] of request.directives ?? []) lines.push(`# @${key} ${value}`)
  const target = request.method === 'SOAP' ? [request.operation ?? '', request.url] : [request.url]
  lines.push(
    [
      request.method,
      ...target.filter((part) => part !== undefined && part !== ''),
      ...(request.items ?? []).map(word),
    ].join(' '),
  )
  for (const parameter of request.parameters ?? []) lines.push(parameter)
  for (const [name, value] of request.headers ?? []) lines.push(`${name}: ${value}`)
  if (request.bodyFile !== undefined) lines.push('', `< ${request.bodyFile}`)
  else if (request.body !== undefined && request.body !== '') lines.push('', request.body.replace(/\n+$/, ''))
  return `${lines.join('\n')}\n\n`
}
