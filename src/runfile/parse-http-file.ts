import type { RunStyle } from '../core/run-report.js'
import { assertLine, type BlockState, fileBody, readDirective } from './block-state.js'
import type { BodySource, FileEntry, HeaderLine, HttpFile, Located, RequestBlock } from './http-file.js'
import { parseRequestLine } from './parse-request-line.js'
import { readBody } from './read-body.js'
import { looksLikeEnvelope, looksLikeGraphQL } from './request-style.js'
import { RunFileError } from './run-file-error.js'
import { isScriptStart, skipHandler } from './skip-handler.js'
import type { Line } from './source-line.js'

const NAME = /^(?:#|\/\/)\s*@name(?:\s*=\s*|\s+)(\S+)\s*$/
const VARIABLE = /^@([\w.$-]+)\s*=\s?(.*)$/
const HEADER = /^([!#$%&'*+.^_`|~\w-]+)\s*:(.*)$/
const PARAMETER = /^[\w.[\]-]+\s*=/

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
  const state: BlockState = {
    lines,
    index: 0,
    path,
    warnings,
    asserts: [],
    directives: {},
    at: (line, column = 1) => ({ file: path, line, column }),
  }
  const name = readPreamble(state, entries)
  if (state.index >= lines.length) {
    const first = state.asserts[0]
    if (first)
      throw new RunFileError('An assert (??) with no request before it.', state.at(first.line, first.column))
    return undefined
  }
  const requestLine = lines[state.index]!
  const request = parseRequestLine(requestLine, path)
  state.index++
  // Indented continuation lines of the URL (`  ?page=2`, `  &limit=5`).
  while (state.index < lines.length && request.url && /^\s+[?&/]/.test(lines[state.index]!.text)) {
    request.url.text += lines[state.index]!.text.trim()
    state.index++
  }
  const { headers, parameters, body: fromFile } = readHeaders(state, request.method)
  const { body, next } = readBody(state, fromFile)
  const block: RequestBlock = {
    ...request,
    name,
    title,
    headers,
    parameters,
    body,
    asserts: state.asserts,
    directives: state.directives,
    line: requestLine.number,
    style: styleOf(request.method, body, headers),
  }
  entries.push({ kind: 'request', request: block })
  return next
}

/** Before the request line: comments, `# @name`, directives, variables (into `entries`), asserts; scripts refused. */
function readPreamble(state: BlockState, entries: FileEntry[]): string | undefined {
  let name: string | undefined
  for (; state.index < state.lines.length; state.index++) {
    const { text, number } = state.lines[state.index]!
    const trimmed = text.trim()
    if (trimmed === '') continue
    const named = NAME.exec(trimmed)
    if (named) {
      name = named[1]
      continue
    }
    if (readDirective(text, number, state.directives)) continue
    if (trimmed.startsWith('/*')) {
      while (state.index < state.lines.length && !state.lines[state.index]!.text.includes('*/')) state.index++
      continue
    }
    if (trimmed.startsWith('#') || trimmed.startsWith('//')) continue
    if (isScriptStart(trimmed)) {
      throw new RunFileError(
        'An httpYac script block ({{ … }}) cannot run in apictl.',
        state.at(number, text.indexOf('{{') + 1),
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
      state.asserts.push(assertLine(text, number))
      continue
    }
    if (trimmed.startsWith('< {%') || trimmed.startsWith('<{%')) {
      throw new RunFileError(
        'A JavaScript pre-request script (< {% … %}) cannot run in apictl.',
        state.at(number, text.indexOf('<') + 1),
        'Set the values it computes as file variables (@name = value), --var name=value, or an http-client.env.json environment.',
      )
    }
    break
  }
  return name
}

/** Headers (and a SOAP block's parameters) up to the blank line; a `< file` body may end them. */
function readHeaders(state: BlockState, method: string | undefined) {
  const headers: HeaderLine[] = []
  const parameters: Located[] = []
  let body: BodySource | undefined
  // Headers (and SOAP parameters) up to the blank line.
  for (; state.index < state.lines.length; state.index++) {
    const { text, number } = state.lines[state.index]!
    const trimmed = text.trim()
    if (trimmed === '') {
      state.index++
      break
    }
    if (trimmed.startsWith('??')) {
      state.asserts.push(assertLine(text, number))
      continue
    }
    if (!NAME.test(trimmed) && readDirective(text, number, state.directives)) continue
    if (trimmed.startsWith('#') || trimmed.startsWith('//')) continue
    if (trimmed.startsWith('>') || trimmed.startsWith('<>')) {
      state.index = skipHandler(state.lines, state.index, state.path, state.warnings)
      continue
    }
    if (trimmed.startsWith('<')) {
      body = fileBody(trimmed, number, state.path)
      state.index++
      break
    }
    if (method === 'SOAP' && PARAMETER.test(trimmed) && !HEADER.test(trimmed)) {
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
    if (method === 'SOAP' && PARAMETER.test(trimmed)) {
      parameters.push({ text: trimmed, line: number, column: text.indexOf(trimmed) + 1 })
      continue
    }
    throw new RunFileError(
      `'${trimmed.slice(0, 60)}' is not a header (Name: value)${method === 'SOAP' ? ' or a parameter (name=value)' : ''}.`,
      state.at(number, text.indexOf(trimmed) + 1),
      'Headers follow the request line, one per line; a blank line comes before the body.',
    )
  }
  return { headers, parameters, body }
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
