import { assertLine, type BlockState, fileBody } from './block-state.js'
import type { BodySource } from './http-file.js'
import { RunFileError } from './run-file-error.js'
import { isScriptStart, skipHandler } from './skip-handler.js'
import type { Line } from './source-line.js'

const RESPONSE_LINE = /^HTTP\/\d(?:\.\d)?\s+\d{3}\b/
/** A request line with its method written out: after a blank line in a body, httpYac reads the next request. */
const NEXT_REQUEST = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|CONNECT|GRAPHQL|SOAP)\s+\S/
const VARIABLE_LINE = /^@[\w.$-]+\s*=/

/** The body up to the next block (or the next request httpYac reads without ###), asserts and handlers among it. */
export function readBody(
  state: BlockState,
  fromFile: BodySource | undefined,
): { body?: BodySource; next?: Line[] } {
  let body = fromFile
  const bodyLines: Line[] = []
  let next: Line[] | undefined
  let response = false
  for (; state.index < state.lines.length; state.index++) {
    const { text, number } = state.lines[state.index]!
    const trimmed = text.trim()
    const afterBlank = state.index === 0 || state.lines[state.index - 1]!.text.trim() === ''
    if (afterBlank && NEXT_REQUEST.test(text)) {
      next = state.lines.slice(leadingComments(state.lines, state.index))
      break
    }
    // A response kept in the file (httpYac: `HTTP/1.1 200 - OK`, its headers and body): not part of the request.
    if (afterBlank && RESPONSE_LINE.test(trimmed)) response = true
    if (response) continue
    if (isScriptStart(trimmed)) {
      state.warnings.push(
        `${state.path}:${number}: the httpYac script block is skipped (apictl runs no scripts); write its checks as ?? asserts.`,
      )
      while (state.index < state.lines.length && !/^\s*}}/.test(state.lines[state.index]!.text)) state.index++
      continue
    }
    if (trimmed.startsWith('??')) {
      state.asserts.push(assertLine(text, number))
      continue
    }
    if (/^(>|<>|>>)/.test(trimmed) && !/^>\s*$/.test(trimmed)) {
      state.index = skipHandler(state.lines, state.index, state.path, state.warnings)
      continue
    }
    if (body === undefined && bodyLines.every((line) => line.text.trim() === '') && /^<@?\s/.test(trimmed)) {
      body = fileBody(trimmed, number, state.path)
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
        state.at(bodyLines[0]!.number),
        'Keep one of them.',
      )
    }
    body = {
      kind: 'inline',
      text: { text: bodyLines.map((line) => line.text).join('\n'), line: bodyLines[0]!.number, column: 1 },
    }
  }
  return { body, next }
}

/** The comment, @name and variable lines just above a request line belong to it. */
function leadingComments(lines: Line[], index: number): number {
  let start = index
  while (start > 0) {
    const above = lines[start - 1]!.text.trim()
    if (above === '' || !(above.startsWith('#') || above.startsWith('//') || VARIABLE_LINE.test(above))) break
    start--
  }
  return start
}

/** A trailing blank or comment line after a body (before the next ###) is not part of it. */
function isTrailing(text: string): boolean {
  const trimmed = text.trim()
  return trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')
}
