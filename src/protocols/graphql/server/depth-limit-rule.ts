import {
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql'
import { documentLimits } from './document-limits.js'

export interface DepthLimits {
  /** The deepest field nesting an operation may have (`{ a { b } }` is 2). */
  maxDepth: number
  /** The limit on paths through an introspection field (`__schema`, `__type`). */
  maxIntrospectionDepth: number
}

/** How deep a selection set goes: on plain paths, and on paths through an introspection field. */
interface Depth {
  plain: number
  introspection: number
}

const none: Depth = { plain: 0, introspection: 0 }

/** The named fragments of a document. */
export function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  return fragments
}

/**
 * The operations of a document whose fields nest deeper than the limits
 * (through fragments too), as errors. Each fragment is measured once, so
 * fragments spread many times cost no more; a fragment cycle (another
 * rule's error) just stops the walk.
 */
export function depthErrors(document: DocumentNode, limits: DepthLimits = documentLimits): GraphQLError[] {
  const fragments = fragmentsOf(document)
  const measured = new Map<string, Depth>()

  const fragmentDepth = (name: string): Depth => {
    const known = measured.get(name)
    if (known !== undefined) return known
    const fragment = fragments.get(name)
    measured.set(name, none) // while measuring: a cycle back here adds nothing
    const depth = fragment === undefined ? none : measure(fragment.selectionSet)
    measured.set(name, depth)
    return depth
  }

  const measure = (selectionSet: SelectionSetNode): Depth => {
    let plain = 0
    let introspection = 0
    for (const selection of selectionSet.selections) {
      let depth: Depth
      if (selection.kind === Kind.FIELD) {
        const below = selection.selectionSet ? measure(selection.selectionSet) : none
        depth = selection.name.value.startsWith('__')
          ? { plain: 0, introspection: 1 + Math.max(below.plain, below.introspection) }
          : { plain: 1 + below.plain, introspection: below.introspection && 1 + below.introspection }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        depth = measure(selection.selectionSet)
      } else {
        depth = fragmentDepth(selection.name.value)
      }
      plain = Math.max(plain, depth.plain)
      introspection = Math.max(introspection, depth.introspection)
    }
    return { plain, introspection }
  }

  const errors: GraphQLError[] = []
  for (const operation of document.definitions) {
    if (operation.kind !== Kind.OPERATION_DEFINITION) continue
    const depth = measure(operation.selectionSet)
    const name = operation.name ? `operation "${operation.name.value}"` : 'the operation'
    if (depth.plain > limits.maxDepth) {
      errors.push(
        new GraphQLError(
          `${name} nests fields ${depth.plain} deep; this server allows at most ${limits.maxDepth}`,
          { nodes: [operation], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
        ),
      )
    }
    if (depth.introspection > limits.maxIntrospectionDepth) {
      errors.push(
        new GraphQLError(
          `${name} nests introspection fields ${depth.introspection} deep; this server allows at most ${limits.maxIntrospectionDepth}`,
          { nodes: [operation], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
        ),
      )
    }
  }
  return errors
}

/**
 * A validation rule against absurdly deep documents: an operation whose
 * fields nest deeper than the limit fails validation, before anything runs
 * (see depthErrors). The rule walks the document itself, once, and tells
 * graphql-js not to walk it again for this rule.
 */
export function depthLimitRule(limits: DepthLimits = documentLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    Document(document) {
      for (const error of depthErrors(document, limits)) context.reportError(error)
      return false
    },
  })
}
