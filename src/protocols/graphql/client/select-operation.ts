import { Kind, type OperationDefinitionNode } from 'graphql'
import { closestMatches } from '../../../config/did-you-mean.js'
import { GraphQLDocumentError } from './document-error.js'
import type { ParsedDocument } from './parse-document.js'

/**
 * The operation a request runs: the one named by --operation, else the only
 * one. Several operations without --operation, or a name the document does
 * not hold, are usage errors (the server would refuse them too).
 */
export function selectOperation(parsed: ParsedDocument, name?: string): OperationDefinitionNode {
  const operations = parsed.document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  )
  const names = operations.map((operation) => operation.name?.value).filter((value) => value !== undefined)
  const problem = (message: string, hint: string) =>
    new GraphQLDocumentError([{ message, locations: [] }], parsed.source, hint)
  if (operations.length === 0) {
    throw problem(
      'The document holds no operation, only fragments.',
      "Add a query, e.g. '{ items { ...ItemFields } }'.",
    )
  }
  if (name !== undefined) {
    const found = operations.find((operation) => operation.name?.value === name)
    if (found) return found
    const [close] = closestMatches(name, names)
    throw problem(
      `--operation ${name}: the document has no operation named "${name}".${close ? ` Did you mean "${close}"?` : ''}`,
      names.length > 0 ? `It holds: ${names.join(', ')}.` : 'Its operation has no name; drop --operation.',
    )
  }
  if (operations.length > 1) {
    throw problem(
      `The document holds ${operations.length} operations (${names.join(', ') || 'anonymous'}); choose one.`,
      `Pass --operation NAME, e.g. --operation ${names[0] ?? 'Name'}.`,
    )
  }
  return operations[0]!
}
