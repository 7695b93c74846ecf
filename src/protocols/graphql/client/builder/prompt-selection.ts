import {
  type ArgumentNode,
  astFromValue,
  type FieldNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLOutputType,
  getNamedType,
  isAbstractType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isUnionType,
  Kind,
  type SelectionNode,
} from 'graphql'
import type { Prompter } from '../../../../prompt/prompter.js'
import { promptValue, SKIP } from './prompt-value.js'

/** A field as a document node: its arguments (asked for) and, for an object type, its sub-fields (picked level by level). */
export async function promptField(
  field: GraphQLField<unknown, unknown>,
  path: string,
  prompter: Prompter,
): Promise<FieldNode> {
  const args = await promptArguments(field.args, path, prompter)
  const selections = await promptSelections(field.type, path, prompter)
  return {
    kind: Kind.FIELD,
    name: { kind: Kind.NAME, value: field.name },
    arguments: args,
    ...(selections ? { selectionSet: { kind: Kind.SELECTION_SET, selections } } : {}),
  }
}

/** Each argument in turn, with a typed prompt; left-out optional ones are not written. */
export async function promptArguments(
  args: readonly GraphQLArgument[],
  path: string,
  prompter: Prompter,
): Promise<ArgumentNode[]> {
  const nodes: ArgumentNode[] = []
  for (const argument of args) {
    const value = await promptValue(
      `${path}(${argument.name})`,
      argument.type,
      prompter,
      argument.description,
    )
    if (value === SKIP) continue
    const literal = astFromValue(value, argument.type)
    if (literal)
      nodes.push({ kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: argument.name }, value: literal })
  }
  return nodes
}

/** Sub-fields of an object, interface or union type; undefined for a scalar or enum (no selection). */
async function promptSelections(
  type: GraphQLOutputType,
  path: string,
  prompter: Prompter,
): Promise<SelectionNode[] | undefined> {
  const named = getNamedType(type)
  if (isLeafType(named)) return undefined
  if (isUnionType(named) || (isAbstractType(named) && !isInterfaceType(named))) {
    const members = await prompter.checkbox(
      `${path}: which kinds of ${named.name}?`,
      named.getTypes().map((member) => ({ name: `... on ${member.name}`, value: member })),
      { required: true },
    )
    const selections: SelectionNode[] = [typenameField()]
    for (const member of members) {
      selections.push({
        kind: Kind.INLINE_FRAGMENT,
        typeCondition: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: member.name } },
        selectionSet: {
          kind: Kind.SELECTION_SET,
          selections: (await promptSelections(member, `${path}(${member.name})`, prompter))!,
        },
      })
    }
    return selections
  }
  if (!isObjectType(named) && !isInterfaceType(named)) return undefined
  const fields = Object.values(named.getFields())
  const picked = await prompter.checkbox(
    `${path} (${named.name}): pick fields; those marked { … } open the next level`,
    fields.map((field) => ({
      name: `${field.name}${opens(field) ? ' { … }' : ''}: ${String(field.type)}${needsArguments(field) ? ' (takes arguments)' : ''}`,
      value: field,
      description: field.description ?? undefined,
    })),
    { required: true },
  )
  const selections: SelectionNode[] = []
  for (const field of picked) {
    const childPath = `${path}.${field.name}`
    if (!opens(field) && field.args.length === 0) {
      selections.push({ kind: Kind.FIELD, name: { kind: Kind.NAME, value: field.name } })
      continue
    }
    selections.push(await promptField(field, childPath, prompter))
  }
  return selections
}

function opens(field: GraphQLField<unknown, unknown>): boolean {
  return !isLeafType(getNamedType(field.type))
}

function needsArguments(field: GraphQLField<unknown, unknown>): boolean {
  return field.args.some((argument) => isNonNullType(argument.type) && argument.defaultValue === undefined)
}

function typenameField(): FieldNode {
  return { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }
}
