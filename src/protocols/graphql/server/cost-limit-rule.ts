import {
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLErrorOptions,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql'
import { fragmentsOf } from './depth-limit-rule.js'
import { documentLimits } from './document-limits.js'

export interface CostLimits {
  /** Aliased fields per operation (`a: items`, counted once per fragment spread). */
  maxAliases: number
  /** Fields per operation, each fragment spread counted with its fields. */
  maxFields: number
  /** The estimated number of values an operation resolves (see costLimitRule). */
  maxCost: number
  /** The largest `limit` a list field accepts (the API refuses more); a limit given as a variable counts as this. */
  maxListLimit: number
  /** How many values a list field without a `limit` argument is taken to return (an item's reviews). */
  assumedListSize: number
}

/** What one selection set adds up to. */
interface Measure {
  fields: number
  aliases: number
  cost: number
}

const nothing: Measure = { fields: 0, aliases: 0, cost: 0 }

function add(into: Measure, more: Measure, times = 1): void {
  into.fields += more.fields
  into.aliases += more.aliases
  into.cost += times * more.cost
}

// The schema is Apollo's, possibly from another copy of graphql than this module's (in tests that load
// sources beside node_modules), so types are read by their shape, never with graphql's instanceof checks.

/** A field of an object or interface type. */
function fieldOf(
  type: GraphQLNamedType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  const fields = (type as { getFields?: () => Record<string, GraphQLField<unknown, unknown>> } | undefined)
    ?.getFields
  return typeof fields === 'function' ? fields.call(type)[name] : undefined
}

/** `[Item!]!` → Item. */
function namedType(type: GraphQLOutputType): GraphQLNamedType {
  let inner: GraphQLOutputType = type
  while ('ofType' in inner && inner.ofType !== undefined) inner = inner.ofType
  return inner as GraphQLNamedType
}

/** Whether values of the type are lists (`[Item!]!`, `[Item]`). */
function isList(type: GraphQLOutputType): boolean {
  return String(type).replace(/!$/, '').startsWith('[')
}

/** How many values a list field may return: its `limit` argument (as written, else its default), or the assumed size. */
function listSize(field: GraphQLField<unknown, unknown>, node: FieldNode, limits: CostLimits): number {
  const argument = field.args.find((candidate) => candidate.name === 'limit')
  if (argument === undefined) return limits.assumedListSize
  const given = node.arguments?.find((candidate) => candidate.name.value === 'limit')?.value
  let size: number
  if (given === undefined)
    size = typeof argument.defaultValue === 'number' ? argument.defaultValue : limits.maxListLimit
  else if (given.kind === Kind.INT) size = Number(given.value)
  else size = limits.maxListLimit // a variable (its value is not known before execution), or a value the API refuses anyway
  return Math.max(1, Math.min(size, limits.maxListLimit))
}

/**
 * Measures operations against the schema: fields and aliases counted through
 * fragments (each spread counts its fragment again), and the cost, an
 * estimate of the values the operation resolves: each field costs 1, and the
 * fields below a list field count once per value the list may hold, so
 * `items(limit: 100) { id name }` costs 1 + 100 × 2. Introspection fields
 * (`__schema`, `__type` and the fields of the `__` types) cost 1 each: the
 * schema they describe is small and fixed, and the depth rule bounds them.
 */
function measurer(schema: GraphQLSchema, fragments: Map<string, FragmentDefinitionNode>, limits: CostLimits) {
  const measured = new Map<string, Measure>()

  const fragment = (name: string): Measure => {
    const known = measured.get(name)
    if (known !== undefined) return known
    measured.set(name, nothing) // while measuring: a cycle (another rule's error) adds nothing
    const definition = fragments.get(name)
    const result =
      definition === undefined
        ? nothing
        : measure(definition.selectionSet, schema.getType(definition.typeCondition.name.value))
    measured.set(name, result)
    return result
  }

  const measure = (selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined): Measure => {
    const total = { fields: 0, aliases: 0, cost: 0 }
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        add(total, fragment(selection.name.value))
        continue
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition
        add(total, measure(selection.selectionSet, condition ? schema.getType(condition.name.value) : parent))
        continue
      }
      const name = selection.name.value
      total.fields += 1
      if (selection.alias !== undefined) total.aliases += 1
      total.cost += 1
      if (selection.selectionSet === undefined) continue
      const field = fieldOf(parent, name)
      const type = field === undefined ? undefined : namedType(field.type)
      const below = measure(selection.selectionSet, type)
      const introspection = name.startsWith('__') || (parent?.name.startsWith('__') ?? false)
      const list = field !== undefined && !introspection && isList(field.type)
      add(total, below, list ? listSize(field, selection, limits) : 1)
    }
    return total
  }

  return (operation: OperationDefinitionNode): Measure =>
    measure(operation.selectionSet, schema.getRootType(operation.operation) ?? undefined)
}

/** 200400 → `200,400` (without Intl, which costs a refusal more than the rest of its check). */
export function grouped(value: number): string {
  return Number.isFinite(value)
    ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : 'more than can be counted'
}

function refusal(
  operation: OperationDefinitionNode,
  limit: 'aliases' | 'fields' | 'cost',
  found: number,
  allowed: number,
  what: string,
): GraphQLError {
  return boundError(operation.name?.value, { limit, found, allowed, what }, { nodes: [operation] })
}

/** An operation over one of the bounds, as a GraphQL error placed at the operation (a node, or a position in its source). */
export function boundError(
  operationName: string | undefined,
  bound: { limit: 'aliases' | 'fields' | 'cost'; found: number; allowed: number; what: string },
  at: GraphQLErrorOptions,
): GraphQLError {
  const { limit, found, allowed, what } = bound
  const name = operationName ? `operation "${operationName}"` : 'the operation'
  return new GraphQLError(`${name} ${what}; this server allows at most ${grouped(allowed)}`, {
    ...at,
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit, found, allowed },
  })
}

/**
 * The operations of a document over the cost limits (SPEC §7), as errors:
 * each operation's aliases, fields and cost (see measurer) must stay within
 * `limits`; `extensions.limit` names the bound (aliases, fields, cost) and
 * `found`/`allowed` the figures. Walks each operation once and each
 * fragment once.
 */
export function costErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  limits: CostLimits = documentLimits,
): GraphQLError[] {
  const measure = measurer(schema, fragmentsOf(document), limits)
  const errors: GraphQLError[] = []
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue
    const { aliases, fields, cost } = measure(definition)
    if (aliases > limits.maxAliases) {
      errors.push(
        refusal(definition, 'aliases', aliases, limits.maxAliases, `has ${grouped(aliases)} aliased fields`),
      )
    }
    if (fields > limits.maxFields) {
      const what = `selects ${grouped(fields)} fields (fragments counted at each spread)`
      errors.push(refusal(definition, 'fields', fields, limits.maxFields, what))
    }
    if (cost > limits.maxCost) {
      const what = `would resolve about ${grouped(cost)} values (each field 1, and the fields under a list once per item its limit allows)`
      errors.push(refusal(definition, 'cost', cost, limits.maxCost, what))
    }
  }
  return errors
}

/**
 * A validation rule against costly documents, beside the depth and token
 * limits (see costErrors): a document over a bound fails validation before
 * anything runs. The rule walks the document itself and tells graphql-js
 * not to walk it again for this rule.
 */
export function costLimitRule(limits: CostLimits = documentLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    Document(document) {
      for (const error of costErrors(context.getSchema(), document, limits)) context.reportError(error)
      return false
    },
  })
}
