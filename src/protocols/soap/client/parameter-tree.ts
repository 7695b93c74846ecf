import { UsageError } from '../../../core/errors.js'
import { isRepeated, type ParameterDescription } from './service-description.js'

/** One element of a call's input: text, nil, or children (in order; a repeated name is a repeated element). */
export interface ParameterNode {
  readonly name: string
  value: string | null | ParameterNode[]
}

/** `a.b=v` split into its path and value. */
export interface ParameterAssignment {
  readonly path: readonly string[]
  readonly value: string | null
  /** The argument as written, for messages. */
  readonly text: string
}

const segment = /^@?[^\s.=@]+$/

/** `PARAM=VALUE` (`a.b=v` nests); anything else is a usage error. */
export function parseAssignment(text: string): ParameterAssignment {
  const equals = text.indexOf('=')
  const path = equals <= 0 ? [] : text.slice(0, equals).split('.')
  if (equals <= 0 || !path.every((part) => segment.test(part))) {
    throw new UsageError(`'${text}' is not a parameter: write PARAM=VALUE (a.b=VALUE nests an element).`, {
      hint: 'For example: apictl soap call GetItem id=1, or order.item.sku=A1 order.item.sku=B2',
    })
  }
  // `@name` (as soap ops lists an attribute) is the same as `name`.
  return {
    path: path.map((part) => (part.startsWith('@') ? part.slice(1) : part)),
    value: text.slice(equals + 1),
    text,
  }
}

function describedChild(
  parameters: readonly ParameterDescription[] | undefined,
  name: string,
): ParameterDescription | undefined {
  return parameters?.find((parameter) => parameter.name === name)
}

/**
 * Adds one assignment to the tree. A nested path goes into the last element
 * of that name; a name given again repeats the element. With the schema
 * known, a field that cannot repeat starts a new repeatable parent instead:
 * `item.id=1 item.id=2` makes two items when `item` repeats and `id` does not.
 */
function insert(
  nodes: ParameterNode[],
  path: readonly string[],
  value: string | null,
  parameters: readonly ParameterDescription[] | undefined,
): void {
  const [name, ...rest] = path
  if (name === undefined) return
  const described = describedChild(parameters, name)
  if (rest.length === 0) {
    nodes.push({ name, value })
    return
  }
  let parent = lastNamed(nodes, name)
  if (parent !== undefined && !Array.isArray(parent.value)) parent = undefined
  if (
    parent !== undefined &&
    described !== undefined &&
    isRepeated(described) &&
    startsNewParent(parent, rest, described)
  ) {
    parent = undefined
  }
  if (parent === undefined) {
    parent = { name, value: [] }
    nodes.push(parent)
  }
  insert(parent.value as ParameterNode[], rest, value, described?.children)
}

function lastNamed(nodes: readonly ParameterNode[], name: string): ParameterNode | undefined {
  for (let index = nodes.length - 1; index >= 0; index--) if (nodes[index]!.name === name) return nodes[index]
  return undefined
}

/** True when the path's next field is already in `parent` and may occur only once there. */
function startsNewParent(
  parent: ParameterNode,
  rest: readonly string[],
  described: ParameterDescription,
): boolean {
  const field = describedChild(described.children, rest[0]!)
  if (field === undefined || isRepeated(field)) return false
  const existing = (parent.value as ParameterNode[]).some((node) => node.name === rest[0])
  return existing && rest.length === 1
}

/** The parameter tree from `PARAM=VALUE` arguments, in the order given (the schema, when known, guides repeats). */
export function parameterTree(
  assignments: readonly ParameterAssignment[],
  parameters?: readonly ParameterDescription[],
): ParameterNode[] {
  const nodes: ParameterNode[] = []
  for (const assignment of assignments) insert(nodes, assignment.path, assignment.value, parameters)
  return nodes
}

/** Plain values (the library's `{ id: '1', tags: ['a', 'b'], address: { city: 'X' } }`) as a tree. */
export function valuesToTree(values: Record<string, unknown>): ParameterNode[] {
  const nodes: ParameterNode[] = []
  for (const [name, value] of Object.entries(values)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one === undefined) continue
      if (one === null) nodes.push({ name, value: null })
      else if (typeof one === 'object')
        nodes.push({ name, value: valuesToTree(one as Record<string, unknown>) })
      else nodes.push({ name, value: String(one) })
    }
  }
  return nodes
}
