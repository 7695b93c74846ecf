import {
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type OperationTypeNode,
} from 'graphql'
import { argumentsFrame, stepArguments, type ValueFrame, valueCandidates } from './graphql-arguments.js'
import { graphqlTokens, type Token } from './graphql-tokens.js'

/** What to offer at the end of a partly typed document: the candidates and the word they replace. */
export interface GraphQLCompletion {
  candidates: string[]
  partial: string
}

type AnyField = GraphQLField<unknown, unknown>

interface SelectionFrame {
  type: GraphQLNamedType | undefined
  /** The field just named in this selection set (its `(` or `{` may follow). */
  field: AnyField | undefined
}

/**
 * Completion at the end of a GraphQL document typed so far, from the
 * schema: the fields of the type whose selection set the cursor is in; a
 * field's arguments inside its parentheses, and an input object's fields
 * inside its braces (the ones not given yet); enum values and booleans for
 * a value; the operation keywords at the top. A small walk over the tokens,
 * tolerant of the unfinished end.
 */
export function completeGraphQL(schema: GraphQLSchema, text: string): GraphQLCompletion {
  const lexed = graphqlTokens(text)
  if (lexed === undefined) return { candidates: [], partial: '' }
  const { tokens, partial } = lexed
  const selections: SelectionFrame[] = []
  let values: ValueFrame[] = []
  let operation = 'query'
  let condition: GraphQLNamedType | undefined
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!
    const next = tokens[index + 1]
    if (values.length > 0) {
      values = stepArguments(values, token, next)
      continue
    }
    const frame = selections.at(-1)
    if (token.text === '{') {
      const type = frame === undefined ? schema.getRootType(operation as OperationTypeNode) : undefined
      selections.push({ type: condition ?? type ?? namedType(frame?.field), field: undefined })
      condition = undefined
    } else if (frame === undefined) {
      if (token.text === 'query' || token.text === 'mutation' || token.text === 'subscription')
        operation = token.text
      else if (token.text === 'on' && next?.kind === 'name')
        condition = schema.getType(next.text) ?? undefined
      else if (token.text === '(') index = skipParentheses(tokens, index)
    } else if (token.text === '}') selections.pop()
    else if (token.text === '(') values = [argumentsFrame(frame.field?.args ?? [])]
    else if (token.text === '...') {
      if (next?.text === 'on' && tokens[index + 2]?.kind === 'name') {
        condition = schema.getType(tokens[index + 2]!.text) ?? undefined
        index += 2
      } else if (next?.kind === 'name') index++
      else condition = frame.type
    } else if (token.text === '@' && next?.kind === 'name') {
      index++
      if (tokens[index + 1]?.text === '(') index = skipParentheses(tokens, index + 1)
    } else if (token.kind === 'name' && next?.text === ':') index++
    else if (token.kind === 'name') frame.field = fieldOf(frame.type, token.text)
  }
  const candidates =
    values.length > 0
      ? valueCandidates(values.at(-1)!, partial)
      : selections.length > 0
        ? selectionCandidates(selections.at(-1)!.type)
        : ['query', 'mutation', 'subscription', 'fragment']
  return { candidates, partial }
}

function selectionCandidates(type: GraphQLNamedType | undefined): string[] {
  if (isObjectType(type) || isInterfaceType(type)) return [...Object.keys(type.getFields()), '__typename']
  if (isUnionType(type)) return ['__typename', ...type.getTypes().map((member) => `... on ${member.name}`)]
  return []
}

function namedType(field: AnyField | undefined): GraphQLNamedType | undefined {
  return field === undefined ? undefined : getNamedType(field.type)
}

function fieldOf(type: GraphQLNamedType | undefined, name: string): AnyField | undefined {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined
}

function skipParentheses(tokens: Token[], open: number): number {
  let depth = 0
  for (let index = open; index < tokens.length; index++) {
    if (tokens[index]!.text === '(') depth++
    else if (tokens[index]!.text === ')' && --depth === 0) return index
  }
  return tokens.length
}
