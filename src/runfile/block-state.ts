import type { AssertLine, BodySource, Located } from './http-file.js'
import { RunFileError } from './run-file-error.js'
import type { Line } from './source-line.js'

const DIRECTIVE = /^(?:#|\/\/)\s*@([\w-]+)(?:\s*=\s*|\s+)?(.*)$/

/** What the phases of one block share: where they are, the asserts and directives found so far. */
export interface BlockState {
  lines: Line[]
  index: number
  path: string
  warnings: string[]
  asserts: AssertLine[]
  directives: Record<string, Located>
  at(line: number, column?: number): { file: string; line: number; column: number }
}

/** `# @wss demo:demo`: kept by key; true when the line is one. */
export function readDirective(text: string, number: number, directives: Record<string, Located>): boolean {
  const directive = DIRECTIVE.exec(text.trim())
  if (directive === null) return false
  const value = directive[2]!.trim()
  directives[directive[1]!.toLowerCase()] = { text: value, line: number, column: text.indexOf(value) + 1 }
  return true
}

export function assertLine(text: string, number: number): AssertLine {
  const start = text.indexOf('??')
  const rest = text.slice(start + 2)
  const body = rest.trim()
  return { text: body, line: number, column: start + 3 + (rest.length - rest.trimStart().length) }
}

/** `< ./file` or `<@ ./file` (variables substituted in it). */
export function fileBody(trimmed: string, number: number, path: string): BodySource {
  const match = /^<(@)?\s*(.+)$/.exec(trimmed)
  const file = match?.[2]?.trim()
  if (!file)
    throw new RunFileError('`<` needs a file name: < ./body.json', { file: path, line: number, column: 1 })
  return { kind: 'file', path: file, templated: match?.[1] === '@', line: number }
}
