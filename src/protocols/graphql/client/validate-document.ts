import { type GraphQLSchema, type OperationDefinitionNode, validate } from 'graphql'
import type { DocumentProblem } from './document-error.js'
import { GraphQLDocumentError } from './document-error.js'
import { type ParsedDocument, toProblems } from './parse-document.js'

/**
 * Validates a document against the schema with graphql-js's rules (unknown
 * fields with their "Did you mean" suggestions, missing sub-selections,
 * argument and variable types, unknown arguments) and checks that the schema
 * has a root type for each operation. Throws a GraphQLDocumentError (exit 2).
 */
export function validateDocument(schema: GraphQLSchema, parsed: ParsedDocument, hint?: string): void {
  const problems: DocumentProblem[] = toProblems(
    validate(schema, parsed.document, undefined, { maxErrors: 50 }),
  ).map((problem) => ({ ...problem, message: explainUnknownArgument(schema, problem.message) }))
  for (const definition of parsed.document.definitions) {
    if (definition.kind !== 'OperationDefinition') continue
    const operation = definition as OperationDefinitionNode
    if (schema.getRootType(operation.operation) === undefined && operation.loc) {
      const { line, column } = lineAndColumn(parsed.source.text, operation.loc.start)
      problems.push({
        message: `The schema has no ${operation.operation} type.`,
        locations: [{ line, column }],
      })
    }
  }
  if (problems.length === 0) return
  throw new GraphQLDocumentError(problems, parsed.source, hint)
}

/** graphql-js says `Unknown argument "x" on field "Query.now".`; say so when the field takes none at all. */
function explainUnknownArgument(schema: GraphQLSchema, message: string): string {
  const match = /^Unknown argument "[^"]+" on field "([_A-Za-z]\w*)\.([_A-Za-z]\w*)"\./.exec(message)
  if (!match) return message
  const type = schema.getType(match[1]!)
  const field = type && 'getFields' in type ? type.getFields()[match[2]!] : undefined
  return field && 'args' in field && field.args.length === 0
    ? `${message} ${match[1]}.${match[2]} takes no arguments.`
    : message
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split(/\r\n|[\n\r]/g)
  return { line: before.length, column: before.at(-1)!.length + 1 }
}
