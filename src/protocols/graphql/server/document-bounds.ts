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

const withinBounds: QueryBounds = { errors: [], parsed: true }

/**
 * checkQueryBounds with a memory of the query texts found within the
 * bounds, as Apollo keeps parsed and validated documents: a client sends the
 * same few documents again and again, and each would otherwise cost a parse
 * and two walks per request. Only accepted texts are kept (a refused one
 * still costs its parse, and spends the client's refusal budget), at most
 * `maxEntries` of them and `maxCharacters` in all, the oldest dropped first.
 */
export function createQueryBoundsChecker(
  schema: GraphQLSchema,
  { maxEntries = 1000, maxCharacters = 4 * 1024 * 1024 } = {},
): (query: string) => QueryBounds {
  const accepted = new Set<string>()
  let characters = 0
  return (query) => {
    if (accepted.has(query)) return withinBounds
    const bounds = checkQueryBounds(schema, query)
    if (bounds.errors.length > 0 || !bounds.parsed || query.length > maxCharacters) return bounds
    accepted.add(query)
    characters += query.length
    for (const oldest of accepted) {
      if (accepted.size <= maxEntries && characters <= maxCharacters) break
      accepted.delete(oldest)
      characters -= oldest.length
    }
    return bounds
  }
}

/** A new budget of refused documents per client address (costly or unparsable ones: each cost a parse). */
export function createRefusalBudget(): FailureThrottle {
  return new FailureThrottle({ burst: documentLimits.refusalBurst, refillMs: documentLimits.refusalRefillMs })
}

/** The message for a client address that has spent its budget of refused documents. */
export function tooManyRefused(seconds: number): string {
  return `too many refused documents from this address (over the cost bounds, or not GraphQL): try again in ${seconds} s`
}
