/**
 * A request file (`.http`, as the JetBrains HTTP Client and httpYac write
 * them, plus apictl's GraphQL and SOAP blocks), parsed: plain data with the
 * line of everything, so every later error can name `file:line:column`.
 */

import type { RunStyle } from '../core/run-report.js'

/** Text from the file, where it starts (1-based line and column). */
export interface Located {
  text: string
  line: number
  column: number
}

/** `@name = value`: a file variable, templated, resolved when a request after it uses it. */
export interface FileVariable {
  name: string
  value: Located
}

/** `?? status == 201`: what follows `??`, trimmed. */
export interface AssertLine {
  text: string
  line: number
  column: number
}

/** A header line `Name: value` (the value still templated). */
export interface HeaderLine {
  name: string
  value: Located
}

/** The body: inline text, or `< ./file` (relative to the .http file; `<@` substitutes variables in it). */
export type BodySource =
  | { kind: 'inline'; text: Located }
  | { kind: 'file'; path: string; templated: boolean; line: number }

/** One request block, as written. */
export interface RequestBlock {
  /** `# @name NAME`: how later requests refer to its answer. */
  name?: string
  /** The text after `###`. */
  title?: string
  /** The request line's method as written (upper case); undefined when left out (GET). */
  method?: string
  /** URL or path, templated; for SOAP the endpoint (may be absent); for GRAPHQL may be absent. */
  url?: Located
  /** SOAP: the operation named on the request line. */
  operation?: Located
  /** HTTPie request items after the URL (`name=Pen price:=2.5`). */
  items: Located[]
  headers: HeaderLine[]
  /** SOAP blocks: `param=value` lines. */
  parameters: Located[]
  body?: BodySource
  asserts: AssertLine[]
  /** `# @key value` directives apictl reads (`soap`, `wss`, `action`), by key. */
  directives: Record<string, Located>
  /** Where the request line is. */
  line: number
  /** The style, as far as the text says (a POST with a GraphQL document is graphql; an XML envelope body is soap). */
  style: RunStyle
}

/** A file's contents in order: variables apply to the requests after them. */
export type FileEntry =
  | { kind: 'variable'; variable: FileVariable }
  | { kind: 'request'; request: RequestBlock }

export interface HttpFile {
  path: string
  entries: FileEntry[]
  /** What the file asks that apictl skips (JetBrains handlers, `<>` references), said once each. */
  warnings: string[]
}
