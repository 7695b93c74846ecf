import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
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

/**
 * A validation rule against absurdly deep documents: an operation whose
 * fields nest deeper than the limit (through fragments too) fails
 * validation, before anything runs. Each fragment is measured once, so
 * fragments spread many times cost no more; a fragment cycle (another rule's
 * error) just stops the walk. The rule walks the document itself and tells
 * graphql-js not to walk it again for this rule.
 */
export function depthLimitRule(limits: DepthLimits = documentLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>()
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
    }
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

    return {
      FragmentDefinition() {
        return false
      },
      OperationDefinition(operation: OperationDefinitionNode) {
        const depth = measure(operation.selectionSet)
        const name = operation.name ? `operation "${operation.name.value}"` : 'the operation'
        if (depth.plain > limits.maxDepth) {
          context.reportError(
            new GraphQLError(
              `${name} nests fields ${depth.plain} deep; this server allows at most ${limits.maxDepth}`,
              { nodes: [operation] },
            ),
          )
        }
        if (depth.introspection > limits.maxIntrospectionDepth) {
          context.reportError(
            new GraphQLError(
              `${name} nests introspection fields ${depth.introspection} deep; this server allows at most ${limits.maxIntrospectionDepth}`,
              { nodes: [operation] },
            ),
          )
        }
        return false
      },
    }
  }
}
