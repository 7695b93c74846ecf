import type { GraphQLSchema, OperationDefinitionNode } from 'graphql'
import { checkVariableValues } from './check-variable-values.js'
import { coerceVariableOptions } from './coerce-variables.js'
import type { ParsedDocument } from './parse-document.js'
import { validateDocument } from './validate-document.js'

export interface OperationInput {
  /** The schema to validate against; without it only the syntax (already parsed) is checked. */
  schema?: GraphQLSchema
  /** What to try when the document does not validate (where the schema came from). */
  schemaHint?: string
  /** --variables JSON (an object). */
  variables?: Record<string, unknown>
  /** --var name=value items, coerced by each variable's declared type. */
  variableOptions?: readonly string[]
}

export interface CheckedOperation {
  operation: OperationDefinitionNode
  type: 'query' | 'mutation' | 'subscription'
  /** The operation's name, when it has one (sent as operationName). */
  name?: string
  /** undefined when no variables were given at all. */
  variables?: Record<string, unknown>
  /** --variables names the operation does not declare (sent as given; servers ignore them). */
  undeclared: string[]
}

/**
 * What is checked once the operation is chosen (selectOperation): the
 * document against the schema, the variables coerced and checked. Throws a
 * GraphQLDocumentError or UsageError (exit 2) and sends nothing.
 */
export function checkOperation(
  parsed: ParsedDocument,
  operation: OperationDefinitionNode,
  input: OperationInput,
): CheckedOperation {
  if (input.schema) validateDocument(input.schema, parsed, input.schemaHint)
  const options = input.variableOptions ?? []
  const given = input.variables !== undefined || options.length > 0
  const variables = { ...input.variables, ...coerceVariableOptions(options, operation, input.schema) }
  if (input.schema) checkVariableValues(input.schema, operation, variables, parsed.source)
  const declared = new Set(
    (operation.variableDefinitions ?? []).map((definition) => definition.variable.name.value),
  )
  const undeclared = Object.keys(input.variables ?? {}).filter((name) => !declared.has(name))
  const checked: CheckedOperation = {
    operation,
    type: operation.operation as CheckedOperation['type'],
    undeclared,
  }
  if (operation.name) checked.name = operation.name.value
  if (given) checked.variables = variables
  return checked
}
