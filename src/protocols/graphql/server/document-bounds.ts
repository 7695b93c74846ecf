import { type DocumentNode, type GraphQLError, type GraphQLSchema, parse, validate } from 'graphql'
import { costLimitRule } from './cost-limit-rule.js'
import { depthLimitRule } from './depth-limit-rule.js'
import { documentLimits } from './document-limits.js'
import { withCode } from './graphql-errors.js'

/** The rules that bound what a document may cost: depth, aliases, fields, list sizes. */
export const boundRules = [depthLimitRule(), costLimitRule()]

/**
 * The document's bound errors (code GRAPHQL_VALIDATION_FAILED), found alone,
 * before graphql-js's own rules run: those walk the whole document (one of
 * them in quadratic time for many fields of one name), and a refused
 * document should cost no more than its parse. Both rules walk the
 * document themselves, once.
 */
export function checkDocumentBounds(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  return validate(schema, document, boundRules).map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED'))
}

/**
 * The bound errors of a query text, or none: one that does not parse is
 * left to whoever parses it next (Apollo), which reports the syntax error.
 */
export function checkQueryBounds(schema: GraphQLSchema, query: string): readonly GraphQLError[] {
  let document: DocumentNode
  try {
    document = parse(query, { maxTokens: documentLimits.maxTokens })
  } catch {
    return []
  }
  return checkDocumentBounds(schema, document)
}
