import { UsageError } from '../../../core/errors.js'

/** 1-based line and column, as graphql-js reports them. */
export interface SourceLocation {
  line: number
  column: number
}

/** The text of a GraphQL document and what to call it in messages (`query`, a file name, `stdin`). */
export interface DocumentSource {
  text: string
  name: string
}

export interface DocumentProblem {
  message: string
  locations: SourceLocation[]
}

/**
 * A document that cannot be sent: a syntax error, a schema-validation error
 * or a bad variable value. Exit 2; nothing was sent. The problems keep their
 * locations so a printer can show the source line with a caret.
 */
export class GraphQLDocumentError extends UsageError {
  readonly problems: DocumentProblem[]
  readonly source: DocumentSource

  constructor(problems: DocumentProblem[], source: DocumentSource, hint?: string) {
    const first = problems[0]
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''
    const location = first?.locations[0]
    super(`${first?.message ?? 'The document is not valid.'}${more}`, {
      where: location ? `${source.name}:${location.line}:${location.column}` : source.name,
      hint,
    })
    this.problems = problems
    this.source = source
  }
}

export function isGraphQLDocumentError(value: unknown): value is GraphQLDocumentError {
  return value instanceof GraphQLDocumentError
}
