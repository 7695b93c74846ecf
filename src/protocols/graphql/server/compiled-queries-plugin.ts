import { type ApolloServerPlugin, type GraphQLRequestContext, HeaderMap } from '@apollo/server'
import { type DocumentNode, type GraphQLSchema, type OperationDefinitionNode, visit } from 'graphql'
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit'
import type { GraphqlContext } from './graphql-context.js'

/** Compiled once a document has run this many times through graphql-js (a one-off query never pays for compiling). */
const usesBeforeCompiling = 2
/**
 * Compiling costs ~30 µs per field (0.6 ms for a page of items with their
 * reviews, 15 ms for 450 fields, 25 ms for the introspection query): larger
 * documents and introspection stay with graphql-js, and compiling spends a
 * time budget (at most 50 ms a second, 200 ms at once), so a client sending
 * new documents twice each cannot turn compiling into its flood.
 */
const maximumFields = 120
const defaultBudgetMs = { capacity: 200, perSecond: 50 }

interface Remembered {
  uses: number
  /** The compiled operation; null when graphql-jit could not compile it (graphql-js keeps it). */
  compiled?: CompiledQuery | null
}

export interface CompiledQueries {
  plugin: ApolloServerPlugin<GraphqlContext>
  /** For tests: operations compiled, answers given by compiled code, and their fall-backs. */
  stats(): { compiled: number; answered: number; fellBack: number }
}

/**
 * Runs a query that keeps coming back as code compiled by graphql-jit rather
 * than through graphql-js's interpreter (a 100-item page: ~250 µs of
 * graphql-js against ~10 µs compiled). It is an Apollo plugin on the
 * `responseForOperation` hook, so everything before execution is Apollo's
 * as ever: parsing, the document cache, validation with the bounds rules,
 * the context function, `didResolveOperation`. Only queries qualify
 * (mutations run serially through graphql-js), and only an answer without
 * errors is sent from compiled code: any error (a resolver's refusal, a
 * variable that does not coerce) sends the operation through graphql-js
 * again, reads having no effects, so errors are coerced, located, masked and
 * formatted by Apollo exactly as before.
 */
export function createCompiledQueries(budgetMs = defaultBudgetMs): CompiledQueries {
  let schema: GraphQLSchema | undefined
  // Keyed by the parsed document Apollo's document cache hands out for a query text: an entry lives as long as that.
  const documents = new WeakMap<DocumentNode, Map<string, Remembered>>()
  const counts = { compiled: 0, answered: 0, fellBack: 0 }

  function remembered(document: DocumentNode, operationName: string): Remembered {
    let operations = documents.get(document)
    if (operations === undefined) {
      operations = new Map()
      documents.set(document, operations)
    }
    let entry = operations.get(operationName)
    if (entry === undefined) {
      entry = { uses: 0 }
      operations.set(operationName, entry)
    }
    return entry
  }

  let available = budgetMs.capacity
  let refilledAt = performance.now()
  function budgetLeft(): boolean {
    const now = performance.now()
    available = Math.min(budgetMs.capacity, available + ((now - refilledAt) * budgetMs.perSecond) / 1000)
    refilledAt = now
    return available > 0
  }

  function compiledFor(context: GraphQLRequestContext<GraphqlContext>): CompiledQuery | null {
    const { document, operation } = context
    if (schema === undefined || document === undefined || operation?.operation !== 'query') return null
    const entry = remembered(document, context.operationName ?? '')
    if (entry.compiled !== undefined) return entry.compiled
    entry.uses += 1
    if (entry.uses < usesBeforeCompiling) return null
    if (!worthCompiling(document, operation)) {
      entry.compiled = null
      return null
    }
    if (!budgetLeft()) return null
    const started = performance.now()
    const compiled = compileQuery(schema, document, context.operationName ?? undefined)
    available -= performance.now() - started
    entry.compiled = isCompiledQuery(compiled) ? compiled : null
    if (entry.compiled !== null) counts.compiled += 1
    return entry.compiled
  }

  const plugin: ApolloServerPlugin<GraphqlContext> = {
    async serverWillStart(service) {
      schema = service.schema
    },
    async requestDidStart() {
      return {
        async responseForOperation(context) {
          const compiled = compiledFor(context)
          if (compiled === null) return null
          const result = await compiled.query(
            undefined,
            context.contextValue,
            context.request.variables ?? {},
          )
          if (result.errors !== undefined && result.errors.length > 0) {
            counts.fellBack += 1
            return null
          }
          counts.answered += 1
          return {
            http: { status: undefined, headers: new HeaderMap() },
            body: { kind: 'single', singleResult: { data: result.data } },
          }
        },
      }
    },
  }
  return { plugin, stats: () => ({ ...counts }) }
}

/** Small enough to compile quickly, no introspection (served rarely, and the costliest to compile), no alias or variable like `__proto__`, no @skip/@include. */
export function worthCompiling(document: DocumentNode, operation: OperationDefinitionNode): boolean {
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind === 'Field' && selection.name.value.startsWith('__')) return false
  }
  let fields = 0
  let unlike = false
  visit(document, {
    Field(field) {
      fields += 1
      // Compiled code builds answers as object literals, where a `__proto__` key sets the prototype instead.
      if (field.alias?.value.startsWith('__')) unlike = true
    },
    Directive() {
      // graphql-jit orders a field left out by @skip/@include in one place and kept in another unlike graphql-js.
      unlike = true
    },
    VariableDefinition(definition) {
      // Its coerced variables are a plain object too.
      if (definition.variable.name.value.startsWith('__')) unlike = true
    },
  })
  return fields <= maximumFields && !unlike
}
