import {
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type OperationTypeNode,
  print,
} from 'graphql'
import { UsageError } from '../../../../core/errors.js'
import type { Prompter } from '../../../../prompt/prompter.js'
import { promptField } from './prompt-selection.js'

export interface BuiltOperation {
  operation: 'query' | 'mutation' | 'subscription'
  /** The root field chosen. */
  field: string
  /** The document, printed by graphql-js. */
  document: string
}

/**
 * `apictl gql build`: the root operation type (query, mutation or subscription), one of
 * its fields, that field's arguments with typed prompts, then sub-fields
 * level by level. Returns the document; nothing is sent here.
 */
export async function buildOperation(schema: GraphQLSchema, prompter: Prompter): Promise<BuiltOperation> {
  const kinds = (['query', 'mutation', 'subscription'] as const).filter((kind) =>
    schema.getRootType(kind as OperationTypeNode),
  )
  if (kinds.length === 0) throw new UsageError('The schema has no query, mutation or subscription type.')
  const operation =
    kinds.length === 1
      ? kinds[0]!
      : await prompter.select(
          'Operation',
          kinds.map((kind) => ({ name: kind, value: kind })),
        )
  const root = schema.getRootType(operation as OperationTypeNode)!
  const fields = Object.values(root.getFields())
  const field = await prompter.select(
    `${root.name} field`,
    fields.map((candidate) => ({
      name: `${candidate.name}${candidate.args.length > 0 ? `(${candidate.args.map((argument) => `${argument.name}: ${String(argument.type)}`).join(', ')})` : ''}: ${String(candidate.type)}`,
      value: candidate,
      description: candidate.description ?? undefined,
    })),
  )
  const node = await promptField(field, field.name, prompter)
  const definition: OperationDefinitionNode = {
    kind: Kind.OPERATION_DEFINITION,
    operation: operation as OperationTypeNode,
    selectionSet: { kind: Kind.SELECTION_SET, selections: [node] },
  }
  return { operation, field: field.name, document: print({ kind: Kind.DOCUMENT, definitions: [definition] }) }
}
