import type { RunStyle } from '../core/run-report.js'
import type {
  AssertLine,
  BodySource,
  FileEntry,
  HeaderLine,
  HttpFile,
  Located,
  RequestBlock,
} from './http-file.js'
import { looksLikeEnvelope, looksLikeGraphQL } from './request-style.js'
import { RunFileError } from './run-file-error.js'
import { splitWords } from './split-words.js'

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT']
/** Request kinds the JetBrains client or httpYac know that apictl does not send. */
const UNSUPPORTED_METHODS = ['WEBSOCKET', 'WS', 'GRPC', 'SSE', 'EVENTSOURCE', 'MQTT', 'AMQP', 'RPC']

const NAME = /^(?:#|\/\/)\s*@name(?:\s*=\s*|\s+)(\S+)\s*$/
const DIRECTIVE = /^(?:#|\/\/)\s*@([\w-]+)(?:\s*=\s*|\s+)?(.*)$/
const VARIABLE = /^@([\w.$-]+)\s*=\s?(.*)$/
const HEADER = /^([!#$%&'*+.^_`|~\w-]+)\s*:(.*)$/
const PARAMETER = /^[\w.[\]-]+\s*=/
const VERSION = /^HTTP\/\d(?:\.\d)?$/i
const RESPONSE_LINE = /^HTTP\/\d(?:\.\d)?\s+\d{3}\b/
/** A request line with its method written out: after a blank line in a body, httpYac reads the next request. */
const NEXT_REQUEST = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|CONNECT|GRAPHQL|SOAP)\s+\S/

interface Line {
  text: string
  number: number
}

/**
 * Parses a request file. Pure: `< ./file` bodies are named, not read. Throws
 * a RunFileError (exit 2, `file:line:column`) for what apictl cannot run;
 * what it only skips (JetBrains response handlers, `<>` references) is in
 * `warnings`.
 */
export function parseHttpFile(text: string, path: string): HttpFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const entries: FileEntry[] = []
  const warnings: string[] = []
  let block: Line[] = []
  let title: string | undefined
  const flush = () => {
    let rest: Line[] | undefined = block
    let heading = title
    // httpYac lets requests follow each other without ###: each one found starts a new block.
    while (rest !== undefined) {
      rest = parseBlock(rest, heading, path, entries, warnings)
      heading = undefined
    }
    block = []
  }
  lines.forEach((line, index) => {
    const number = index + 1
    const separator = /^###(.*)$/.exec(line)
    if (separator) {
      flush()
      title = separator[1]!.trim() || undefined
      return
    }
    block.push({ text: line, number })
  })
  flush()
  return { path, entries, warnings }
}

/** A block's parts in the order the format has them: comments and variables, the request line, headers, body. */
function parseBlock(
  lines: Line[],
  title: string | undefined,
  path: string,
  entries: FileEntry[],
  warnings: string[],
): Line[] | undefined {
  const at = (line: number, column = 1) => ({ file: path, line, column })
  const asserts: AssertLine[] = []
  const directives: Record<string, Located> = {}
  let name: string | undefined
  let index = 0
  // Before the request line: comments, @name, directives, variables.
  for (; index < lines.length; index++) {
    const { text, number } = lines[index]!
    const trimmed = text.trim()
    if (trimmed === '') continue
    const named = NAME.exec(trimmed)
    if (named) {
      name = named[1]
      continue
    }
    if (readDirective(text, number, directives)) continue
    if (trimmed.startsWith('/*')) {
      while (index < lines.length && !lines[index]!.text.includes('*/')) index++
      continue
    }
    if (trimmed.startsWith('#') || trimmed.startsWith('//')) continue
    if (isScriptStart(trimmed)) {
      throw new RunFileError(
        'An httpYac script block ({{ … }}) cannot run in apictl.',
        at(number, text.indexOf('{{') + 1),
        'Set the values it computes as file variables (@name = value) or --var name=value; write checks as ?? asserts.',
      )
    }
    const variable = VARIABLE.exec(trimmed)
    if (variable) {
      const value = variable[2]!.trim()
      entries.push({
        kind: 'variable',
        variable: {
          name: variable[1]!,
          value: { text: value, line: number, column: text.indexOf(value) + 1 },
        },
      })
      continue
    }
    if (trimmed.startsWith('??')) {
      asserts.push(assertLine(text, number))
      continue
    }
    if (trimmed.startsWith('< {%') || trimmed.startsWith('<{%')) {
      throw new RunFileError(
        'A JavaScript pre-request script (< {% … %}) cannot run in apictl.',
        at(number, text.indexOf('<') + 1),
        'Set the values it computes as file variables (@name = value), --var name=value, or an http-client.env.json environment.',
      )
    }
    break
  }
  if (index >= lines.length) {
    if (asserts.length > 0) {
      throw new RunFileError(
        'An assert (??) with no request before it.',
        at(asserts[0]!.line, asserts[0]!.column),
      )
    }
    return
  }
  const requestLine = lines[index]!
  const request = parseRequestLine(requestLine, path)
  index++
  // Indented continuation lines of the URL (`  ?page=2`, `  &limit=5`).
  while (index < lines.length && request.url && /^\s+[?&/]/.test(lines[index]!.text)) {
    request.url.text += lines[index]!.text.trim()
    index++
  }
  const headers: HeaderLine[] = []
  const parameters: Located[] = []
  let body: BodySource | undefined
  // Headers (and SOAP parameters) up to the blank line.
  for (; index < lines.length; index++) {
    const { text, number } = lines[index]!
    const trimmed = text.trim()
    if (trimmed === '') {
      index++
      break
    }
    if (trimmed.startsWith('??')) {
      asserts.push(assertLine(text, number))
      continue
    }
    if (!NAME.test(trimmed) && readDirective(text, number, directives)) continue
    if (trimmed.startsWith('#') || trimmed.startsWith('//')) continue
    if (trimmed.startsWith('>') || trimmed.startsWith('<>')) {
      index = skipHandler(lines, index, path, warnings)
      continue
    }
    if (trimmed.startsWith('<')) {
      body = fileBody(trimmed, number, path)
      index++
      break
    }
    if (request.method === 'SOAP' && PARAMETER.test(trimmed) && !HEADER.test(trimmed)) {
      parameters.push({ text: trimmed, line: number, column: text.indexOf(trimmed) + 1 })
      continue
    }
    const header = HEADER.exec(trimmed)
    if (header) {
      const value = header[2]!.trim()
      headers.push({
        name: header[1]!,
        value: { text: value, line: number, column: text.lastIndexOf(value) + 1 },
      })
      continue
    }
    if (request.method === 'SOAP' && PARAMETER.test(trimmed)) {
      parameters.push({ text: trimmed, line: number, column: text.indexOf(trimmed) + 1 })
      continue
    }
    throw new RunFileError(
      `'${trimmed.slice(0, 60)}' is not a header (Name: value)${request.method === 'SOAP' ? ' or a parameter (name=value)' : ''}.`,
      at(number, text.indexOf(trimmed) + 1),
      'Headers follow the request line, one per line; a blank line comes before the body.',
    )
  }
  // The body, asserts and handlers among it.
  const bodyLines: Line[] = []
  let next: Line[] | undefined
  let response = false
  for (; index < lines.length; index++) {
    const { text, number } = lines[index]!
    const trimmed = text.trim()
    const afterBlank = index === 0 || lines[index - 1]!.text.trim() === ''
    if (afterBlank && NEXT_REQUEST.test(text)) {
      next = lines.slice(leadingComments(lines, index))
      break
    }
    // A response kept in the file (httpYac: `HTTP/1.1 200 - OK`, its headers and body): not part of the request.
    if (afterBlank && RESPONSE_LINE.test(trimmed)) response = true
    if (response) continue
    if (isScriptStart(trimmed)) {
      warnings.push(
        `${path}:${number}: the httpYac script block is skipped (apictl runs no scripts); write its checks as ?? asserts.`,
      )
      while (index < lines.length && !/^\s*}}/.test(lines[index]!.text)) index++
      continue
    }
    if (trimmed.startsWith('??')) {
      asserts.push(assertLine(text, number))
      continue
    }
    if (/^(>|<>|>>)/.test(trimmed) && !/^>\s*$/.test(trimmed)) {
      index = skipHandler(lines, index, path, warnings)
      continue
    }
    if (body === undefined && bodyLines.every((line) => line.text.trim() === '') && /^<@?\s/.test(trimmed)) {
      body = fileBody(trimmed, number, path)
      continue
    }
    bodyLines.push({ text, number })
  }
  if (next !== undefined) {
    const first = next[0]!.number
    while (bodyLines.length > 0 && bodyLines.at(-1)!.number >= first) bodyLines.pop()
  }
  while (bodyLines.length > 0 && isTrailing(bodyLines.at(-1)!.text)) bodyLines.pop()
  while (bodyLines.length > 0 && bodyLines[0]!.text.trim() === '') bodyLines.shift()
  if (bodyLines.length > 0) {
    if (body !== undefined) {
      throw new RunFileError(
        'A request has a body from a file (<) and inline text as well.',
        at(bodyLines[0]!.number),
        'Keep one of them.',
      )
    }
    body = {
      kind: 'inline',
      text: { text: bodyLines.map((line) => line.text).join('\n'), line: bodyLines[0]!.number, column: 1 },
    }
  }
  const block: RequestBlock = {
    ...request,
    name,
    title,
    headers,
    parameters,
    body,
    asserts,
    directives,
    line: requestLine.number,
    style: styleOf(request.method, body, headers),
  }
  entries.push({ kind: 'request', request: block })
  return next
}

/** The comment, @name and variable lines just above a request line belong to it. */
function leadingComments(lines: Line[], index: number): number {
  let start = index
  while (start > 0) {
    const above = lines[start - 1]!.text.trim()
    if (above === '' || !(above.startsWith('#') || above.startsWith('//') || VARIABLE.test(above))) break
    start--
  }
  return start
}

/** `{{` opening an httpYac script block (a template closes on its own line). */
function isScriptStart(trimmed: string): boolean {
  return trimmed.startsWith('{{') && !trimmed.includes('}}')
}

/** `# @wss demo:demo`: kept by key; true when the line is one. */
function readDirective(text: string, number: number, directives: Record<string, Located>): boolean {
  const directive = DIRECTIVE.exec(text.trim())
  if (directive === null) return false
  const value = directive[2]!.trim()
  directives[directive[1]!.toLowerCase()] = { text: value, line: number, column: text.indexOf(value) + 1 }
  return true
}

/** A trailing blank or comment line after a body (before the next ###) is not part of it. */
function isTrailing(text: string): boolean {
  const trimmed = text.trim()
  return trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')
}

function assertLine(text: string, number: number): AssertLine {
  const start = text.indexOf('??')
  const rest = text.slice(start + 2)
  const body = rest.trim()
  return { text: body, line: number, column: start + 3 + (rest.length - rest.trimStart().length) }
}

/** `< ./file` or `<@ ./file` (variables substituted in it). */
function fileBody(trimmed: string, number: number, path: string): BodySource {
  const match = /^<(@)?\s*(.+)$/.exec(trimmed)
  const file = match?.[2]?.trim()
  if (!file)
    throw new RunFileError('`<` needs a file name: < ./body.json', { file: path, line: number, column: 1 })
  return { kind: 'file', path: file, templated: match?.[1] === '@', line: number }
}

/**
 * Skips a JetBrains response handler (`> {% … %}`, possibly over several
 * lines, or `> ./handler.js`), a `<>` previous-response reference or a `>>`
 * response redirect, with a warning; returns the index of its last line.
 */
function skipHandler(lines: Line[], index: number, path: string, warnings: string[]): number {
  const { text, number } = lines[index]!
  const trimmed = text.trim()
  const where = `${path}:${number}`
  if (trimmed.startsWith('<>')) {
    warnings.push(
      `${where}: the previous-response reference (<>) is skipped: apictl does not compare responses.`,
    )
    return index
  }
  if (trimmed.startsWith('>>')) {
    warnings.push(
      `${where}: the response redirect (>>) is skipped: apictl run does not save responses to files.`,
    )
    return index
  }
  warnings.push(
    `${where}: the JavaScript response handler is skipped (apictl runs no scripts); write its checks as ?? asserts and its captures as # @name + {{name.path}}.`,
  )
  if (!trimmed.includes('{%')) return index
  let last = index
  while (last < lines.length && !lines[last]!.text.includes('%}')) last++
  if (last >= lines.length) {
    throw new RunFileError('A response handler {% … has no closing %}.', {
      file: path,
      line: number,
      column: 1,
    })
  }
  return last
}

function parseRequestLine(
  line: Line,
  path: string,
): Pick<RequestBlock, 'method' | 'url' | 'operation' | 'items'> {
  const words = splitWords(line.text)
  const at = (column: number) => ({ file: path, line: line.number, column })
  const first = words[0]!
  const upper = first.text.toUpperCase()
  if (UNSUPPORTED_METHODS.includes(upper)) {
    throw new RunFileError(
      `${upper} requests are not something apictl run sends (HTTP, GraphQL and SOAP only).`,
      at(first.column),
    )
  }
  const located = (index: number): Located | undefined => {
    const word = words[index]
    return word && { text: word.text, line: line.number, column: word.column }
  }
  if (upper === 'SOAP') {
    const operation = located(1)
    if (operation === undefined) {
      throw new RunFileError(
        'SOAP needs an operation: SOAP GetItem [URL]',
        at(first.column),
        'Then one param=value per line.',
      )
    }
    if (words.length > 3)
      throw new RunFileError('SOAP takes an operation and an optional URL only.', at(words[3]!.column))
    return { method: 'SOAP', operation, url: located(2), items: [] }
  }
  if (upper === 'GRAPHQL') {
    if (words.length > 2 && !VERSION.test(words[2]!.text)) {
      throw new RunFileError(
        'GRAPHQL takes an optional URL only; the query is the body.',
        at(words[2]!.column),
      )
    }
    return { method: 'GRAPHQL', url: located(1), items: [] }
  }
  const hasMethod = HTTP_METHODS.includes(upper) && words.length > 1
  const urlIndex = hasMethod ? 1 : 0
  const rest = words.slice(urlIndex + 1)
  if (rest.length > 0 && VERSION.test(rest.at(-1)!.text)) rest.pop()
  return {
    method: hasMethod ? upper : undefined,
    url: located(urlIndex),
    items: rest.map((word) => ({ text: word.text, line: line.number, column: word.column })),
  }
}

function styleOf(method: string | undefined, body: BodySource | undefined, headers: HeaderLine[]): RunStyle {
  if (method === 'SOAP') return 'soap'
  if (method === 'GRAPHQL') return 'graphql'
  if (body?.kind !== 'inline') return 'rest'
  const contentType = headers.find((header) => header.name.toLowerCase() === 'content-type')?.value.text
  if (looksLikeEnvelope(body.text.text)) return 'soap'
  if (looksLikeGraphQL(body.text.text, contentType)) return 'graphql'
  return 'rest'
}
