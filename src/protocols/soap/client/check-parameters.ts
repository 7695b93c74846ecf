import { closestMatches } from '../../../config/did-you-mean.js'
import { UsageError } from '../../../core/errors.js'
import type { ParameterNode } from './parameter-tree.js'
import { isRepeated, type MessageShape, type ParameterDescription } from './service-description.js'

export interface ParameterProblems {
  /** Parameters the schema requires that were not given, as dotted paths. */
  missing: string[]
}

function validNames(parameters: readonly ParameterDescription[]): string {
  if (parameters.length === 0) return 'it takes no parameters'
  return `valid ones: ${parameters.map(signature).join(', ')}`
}

/** `name: type`, `tags: string[]`, `note?: string` — how parameters are listed everywhere. */
export function signature(parameter: ParameterDescription): string {
  const optional = parameter.minOccurs === 0 ? '?' : ''
  return `${parameter.name}${optional}: ${parameter.type}${isRepeated(parameter) ? '[]' : ''}`
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
  for (const parameter of parameters) {
    if (parameter.minOccurs > 0 && !nodes.some((node) => node.name === parameter.name)) {
      problems.missing.push(`${path}${parameter.name}`)
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
 * valid ones for an unknown name) and puts them in schema order. Returns
 * the required parameters that are missing, which the caller warns about.
 */
export function checkParameters(
  nodes: ParameterNode[],
  shape: MessageShape,
  operation: string,
): ParameterProblems {
  const problems: ParameterProblems = { missing: [] }
  checkLevel(nodes, shape.parameters, shape.open === true, '', operation, problems)
  return problems
}
