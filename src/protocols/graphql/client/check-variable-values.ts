import { type GraphQLSchema, getVariableValues, type OperationDefinitionNode } from 'graphql'
import { type DocumentSource, GraphQLDocumentError } from './document-error.js'
import { toProblems } from './parse-document.js'

/**
 * Checks the variables against the operation's definitions and the schema,
 * as the server will (graphql-js getVariableValues): missing required ones,
 * wrong scalar types, unknown enum values, bad input objects. Exit 2, with a
 * caret under the variable's definition.
 */
export function checkVariableValues(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  source: DocumentSource,
): void {
  const result = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 25 })
  if (result.errors === undefined || result.errors.length === 0) return
  throw new GraphQLDocumentError(
    toProblems(result.errors),
    source,
    'Give the variable a value of its declared type: --var name=value, or --variables JSON.',
  )
}
