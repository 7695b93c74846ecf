import { type DocumentNode, GraphQLError, parse, Source } from 'graphql'
import { UsageError } from '../../../core/errors.js'
import { type DocumentProblem, type DocumentSource, GraphQLDocumentError } from './document-error.js'

export interface ParsedDocument {
  document: DocumentNode
  source: DocumentSource
}

/** Parses a document; a syntax error becomes a GraphQLDocumentError (exit 2) with its line and column. */
export function parseDocument(source: DocumentSource): ParsedDocument {
  if (source.text.trim() === '') {
    throw new UsageError(`The GraphQL document (${source.name}) is empty.`, {
      hint: "Pass it as an argument (apictl gql '{ items { id name } }'), with -f FILE, or on stdin.",
    })
  }
  try {
    return { document: parse(new Source(source.text, source.name)), source }
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error
    throw new GraphQLDocumentError(toProblems([error]), source, 'Fix the syntax at the caret.')
  }
}

/** graphql-js errors as printable problems. */
export function toProblems(errors: readonly GraphQLError[]): DocumentProblem[] {
  return errors.map((error) => ({
    message: error.message,
    locations: (error.locations ?? []).map(({ line, column }) => ({ line, column })),
  }))
}
