import { closestMatches } from '../../../config/did-you-mean.js'
import { UsageError } from '../../../core/errors.js'
import { valueProblem } from './check-value.js'
import type { ParameterNode } from './parameter-tree.js'
import { isRepeated, type MessageShape, type ParameterDescription } from './service-description.js'

export interface ParameterProblems {
  /** Parameters the schema requires that were not given, as dotted paths. */
  missing: string[]
  /** Required elements not given whose fields are all optional: added empty (dotted paths), for a note. */
  emptied: string[]
}

/**
 * The least a required complex element can be: empty when every field is
 * optional, else its required fields, each that least in turn; undefined
 * when a required field needs a value (text, or an element that repeats).
 */
function skeleton(parameter: ParameterDescription, depth = 0): ParameterNode[] | undefined {
  if (parameter.children === undefined || depth > 8) return undefined
  const nodes: ParameterNode[] = []
  // A choice that needs one of its members needs a value too.
  if (parameter.children.some((child) => child.requiredChoice)) return undefined
  for (const child of parameter.children) {
    if (child.minOccurs === 0) continue
    const inner = child.attribute ? undefined : skeleton(child, depth + 1)
    if (inner === undefined || child.minOccurs > 1) return undefined
    nodes.push({ name: child.name, value: inner })
  }
  return nodes
}

function validNames(parameters: readonly ParameterDescription[]): string {
  if (parameters.length === 0) return 'it takes no parameters'
  return `valid ones: ${parameters.map(signature).join(', ')}`
}

/** `name: type`, `tags: string[]`, `note?: string`, `@lang?: string` (an attribute) — how parameters are listed everywhere. */
export function signature(parameter: ParameterDescription): string {
  const optional = parameter.minOccurs === 0 ? '?' : ''
  const attribute = parameter.attribute ? '@' : ''
  return `${attribute}${parameter.name}${optional}: ${parameter.type}${isRepeated(parameter) ? '[]' : ''}`
}

function unknownParameter(
  path: string,
  name: string,
  parameters: readonly ParameterDescription[],
  where: string,
): never {
  const [best] = closestMatches(
    name,
    parameters.map((parameter) => parameter.name),
  )
  const suggestion = best === undefined ? '' : ` Did you mean "${path}${best}"?`
  throw new UsageError(`${where} has no parameter '${path}${name}'.${suggestion}`, {
    hint: `${path === '' ? where : `${where} ${path.slice(0, -1)}`}: ${validNames(parameters)}. Nothing was sent.`,
  })
}

function quoted(value: string | null | ParameterNode[]): string {
  if (value === null) return 'nil'
  return typeof value === 'string' ? `'${value}'` : '(fields)'
}

/** A value the schema does not allow: text of the wrong type, or nil where the element is not nillable. */
function checkValue(node: ParameterNode, described: ParameterDescription, path: string, where: string): void {
  if (node.value === null && described.nillable !== true) {
    throw new UsageError(
      `${where}: parameter '${path}${node.name}' cannot be nil (null): the schema does not declare it nillable.`,
      { hint: 'Leave it out, or give it a value. Nothing was sent.' },
    )
  }
  if (typeof node.value !== 'string') return
  const problem = valueProblem(described, node.value)
  if (problem === undefined) return
  throw new UsageError(
    `${where}: parameter '${path}${node.name}' expects ${problem}; got ${quoted(node.value)}.`,
    { hint: 'Nothing was sent; apictl soap ops lists the parameters with their types.' },
  )
}

/** A parameter given more often than its maxOccurs allows. */
function checkOccurrences(
  nodes: readonly ParameterNode[],
  parameters: readonly ParameterDescription[],
  path: string,
  where: string,
): void {
  for (const parameter of parameters) {
    if (parameter.maxOccurs === 'unbounded') continue
    const given = nodes.filter((node) => node.name === parameter.name)
    if (given.length <= parameter.maxOccurs) continue
    const allowed = parameter.maxOccurs === 1 ? 'once' : `at most ${parameter.maxOccurs} times`
    throw new UsageError(
      `${where}: parameter '${path}${parameter.name}' may be given ${allowed}; got it ${given.length} times (${given.map((node) => quoted(node.value)).join(', ')}).`,
      {
        hint: `Give ${path}${parameter.name} ${allowed === 'once' ? 'one value' : `up to ${parameter.maxOccurs} values`}. Nothing was sent.`,
      },
    )
  }
}

function checkLevel(
  nodes: ParameterNode[],
  parameters: readonly ParameterDescription[],
  open: boolean,
  path: string,
  where: string,
  problems: ParameterProblems,
): void {
  for (const node of nodes) {
    const described = parameters.find((parameter) => parameter.name === node.name)
    if (described === undefined) {
      if (!open) unknownParameter(path, node.name, parameters, where)
      continue
    }
    checkValue(node, described, path, where)
    if (Array.isArray(node.value)) {
      if (described.children === undefined && !described.open) {
        throw new UsageError(`${where}: '${path}${node.name}' is a ${described.type}, which has no fields.`, {
          hint: `Give it a value: ${path}${node.name}=VALUE. Nothing was sent.`,
        })
      }
      checkLevel(
        node.value,
        described.children ?? [],
        described.open === true,
        `${path}${node.name}.`,
        where,
        problems,
      )
    }
  }
  checkOccurrences(nodes, parameters, path, where)
  for (const parameter of parameters) {
    if (parameter.minOccurs > 0 && !nodes.some((node) => node.name === parameter.name)) {
      const least = parameter.minOccurs === 1 ? skeleton(parameter) : undefined
      if (least !== undefined) {
        nodes.push({ name: parameter.name, value: least })
        problems.emptied.push(`${path}${parameter.name}`)
      } else problems.missing.push(`${path}${parameter.name}`)
    }
  }
  // Schema order: an xs:sequence wants its elements in order, whatever order they were typed in.
  const order = (node: ParameterNode) => {
    const index = parameters.findIndex((parameter) => parameter.name === node.name)
    return index === -1 ? parameters.length : index
  }
  const sorted = nodes
    .map((node, index) => ({ node, index }))
    .sort((a, b) => order(a.node) - order(b.node) || a.index - b.index)
  nodes.splice(0, nodes.length, ...sorted.map((entry) => entry.node))
}

/**
 * Checks the parameters against the operation's input (UsageError naming the
 * valid ones for an unknown name; a value of the wrong type, nil where the
 * element is not nillable, or more values than maxOccurs allows) and puts
 * them in schema order. A required complex element whose fields are all
 * optional is added empty (zeep sends it so too). Returns the required
 * parameters that are missing, which the caller warns about, and those
 * added empty, which it notes.
 */
export function checkParameters(
  nodes: ParameterNode[],
  shape: MessageShape,
  operation: string,
): ParameterProblems {
  const problems: ParameterProblems = { missing: [], emptied: [] }
  checkLevel(nodes, shape.parameters, shape.open === true, '', operation, problems)
  return problems
}
