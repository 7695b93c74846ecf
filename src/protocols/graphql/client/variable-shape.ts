import { type GraphQLSchema, isEnumType, isInputObjectType, Kind, type TypeNode } from 'graphql'

/** What a variable's declared type asks of a `--var` value. */
export type VariableShape =
  | { kind: 'list'; item: VariableShape }
  | { kind: 'builtin'; name: 'Int' | 'Float' | 'Boolean' | 'String' | 'ID' }
  | { kind: 'enum'; name: string; values: string[] }
  | { kind: 'input'; name: string }
  /** A custom scalar, or (without a schema) any other named type: an enum value or JSON. */
  | { kind: 'other'; name: string }

const BUILTIN = new Set(['Int', 'Float', 'Boolean', 'String', 'ID'])

/** Reads the declared type (`[ID!]!`, `Genre`, `ItemInput!`), with the schema when there is one. */
export function variableShape(type: TypeNode, schema?: GraphQLSchema): VariableShape {
  if (type.kind === Kind.NON_NULL_TYPE) return variableShape(type.type, schema)
  if (type.kind === Kind.LIST_TYPE) return { kind: 'list', item: variableShape(type.type, schema) }
  const name = type.name.value
  if (BUILTIN.has(name)) return { kind: 'builtin', name: name as 'Int' }
  const named = schema?.getType(name)
  if (isEnumType(named)) return { kind: 'enum', name, values: named.getValues().map((value) => value.name) }
  if (isInputObjectType(named)) return { kind: 'input', name }
  return { kind: 'other', name }
}

/** The declared type as written in the document, e.g. `[ID!]!`. */
export function typeText(type: TypeNode): string {
  if (type.kind === Kind.NON_NULL_TYPE) return `${typeText(type.type)}!`
  if (type.kind === Kind.LIST_TYPE) return `[${typeText(type.type)}]`
  return type.name.value
}
