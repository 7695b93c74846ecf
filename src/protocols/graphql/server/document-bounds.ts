import { type DocumentNode, type GraphQLError, type GraphQLSchema, parse } from 'graphql'
import { FailureThrottle } from '../../../server/kit/auth/failure-throttle.js'
import { scanAliasErrors } from './alias-scan.js'
import { costErrors, costLimitRule } from './cost-limit-rule.js'
import { depthErrors, depthLimitRule } from './depth-limit-rule.js'
import { documentLimits } from './document-limits.js'

/** The rules that bound what a document may cost: depth, aliases, fields, list sizes. */
export const boundRules = [depthLimitRule(), costLimitRule()]

/**
 * The document's bound errors (code GRAPHQL_VALIDATION_FAILED, as both rules
 * report them), found by the
 * two rules' own walks, before graphql-js validates: its validate() walks
 * every node with type information even for rules that skip the walk (15
 * ms for a 22 KB document on a loaded machine), and one of its rules is
 * quadratic in the fields of one name; a refused document should cost no
 * more than its parse.
 */
export function checkDocumentBounds(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  return [...depthErrors(document), ...costErrors(schema, document)]
}

/** What the bounds say about a query text: its bound errors, and whether it parsed at all. */
export interface QueryBounds {
  errors: readonly GraphQLError[]
  /** false: a syntax error, left to whoever parses it next (Apollo), which reports it. */
  parsed: boolean
}

/**
 * The bounds of a query text: first the alias scan (one pass over the
 * characters, so the commonest costly document, hundreds of aliases, is
 * refused for less than a parse, even before V8 has optimised the parser),
 * then the parse and the rules' walks.
 */
export function checkQueryBounds(schema: GraphQLSchema, query: string): QueryBounds {
  const scanned = scanAliasErrors(query, documentLimits.maxAliases)
  if (scanned.length > 0) return { errors: scanned, parsed: true }
  let document: DocumentNode
  try {
    document = parse(query, { maxTokens: documentLimits.maxTokens })
  } catch {
    return { errors: [], parsed: false }
  }
  return { errors: checkDocumentBounds(schema, document), parsed: true }
}

/** A new budget of refused documents per client address (costly or unparsable ones: each cost a parse). */
export function createRefusalBudget(): FailureThrottle {
  return new FailureThrottle({ burst: documentLimits.refusalBurst, refillMs: documentLimits.refusalRefillMs })
}

/** The message for a client address that has spent its budget of refused documents. */
export function tooManyRefused(seconds: number): string {
  return `too many refused documents from this address (over the cost bounds, or not GraphQL): try again in ${seconds} s`
}
