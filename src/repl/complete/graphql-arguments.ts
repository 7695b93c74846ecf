import {
  type GraphQLArgument,
  type GraphQLInputType,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isScalarType,
} from 'graphql'
import type { Token } from './graphql-tokens.js'

/**
 * One level of a field's arguments at the cursor: the argument list, an
 * input object's braces or a list's brackets. Each knows the names it takes
 * with their types, which were given, and whether a value is expected.
 */
export interface ValueFrame {
  kind: 'arguments' | 'object' | 'list'
  fields: ReadonlyMap<string, GraphQLInputType>
  used: Set<string>
  /** The name whose value is being written (after `name:`). */
  current: string | undefined
  expectValue: boolean
  /** In a list: its elements' type. */
  element?: GraphQLInputType | undefined
}

/** The frame `(` opens after a field. */
export function argumentsFrame(args: readonly GraphQLArgument[]): ValueFrame {
  const fields = new Map(args.map((arg) => [arg.name, arg.type] as [string, GraphQLInputType]))
  return { kind: 'arguments', fields, used: new Set(), current: undefined, expectValue: false }
}

/** The frame `{` (an input object's fields) or `[` (a list's elements) opens for a value of this type. */
function openedFrame(kind: 'object' | 'list', type: GraphQLInputType | undefined): ValueFrame {
  const frame: ValueFrame = {
    kind,
    fields: new Map(),
    used: new Set(),
    current: undefined,
    expectValue: kind === 'list',
  }
  if (kind === 'list') {
    const inner = type === undefined ? undefined : getNullableType(type)
    frame.element = isListType(inner) ? (inner.ofType as GraphQLInputType) : type
    return frame
  }
  const named = type === undefined ? undefined : getNamedType(type)
  if (isInputObjectType(named)) {
    frame.fields = new Map(Object.values(named.getFields()).map((field) => [field.name, field.type]))
  }
  return frame
}

/**
 * Moves through one token inside arguments: `name:` starts a value, a
 * value ends it, brackets open and close frames. Returns the frames left
 * (none once the argument list's `)` closes).
 */
export function stepArguments(frames: ValueFrame[], token: Token, next: Token | undefined): ValueFrame[] {
  const frame = frames.at(-1)!
  const here =
    frame.kind === 'list'
      ? frame.element
      : frame.current === undefined
        ? undefined
        : frame.fields.get(frame.current)
  if (token.text === '{' || token.text === '[')
    return [...frames, openedFrame(token.text === '{' ? 'object' : 'list', here)]
  if (token.text === '}' || token.text === ']' || token.text === ')') {
    const rest = frames.slice(0, -1)
    const parent = rest.at(-1)
    if (parent !== undefined && parent.kind !== 'list') parent.expectValue = false
    return rest
  }
  if (frame.kind === 'list') return frames
  if (!frame.expectValue && token.kind === 'name' && next?.text === ':') {
    frame.current = token.text
    frame.used.add(token.text)
    frame.expectValue = true
  } else if (frame.expectValue && token.text !== '$' && token.text !== ':') frame.expectValue = false
  return frames
}

/** What to offer in a frame: the names not given yet (`limit:`), or the values of an enum or Boolean. */
export function valueCandidates(frame: ValueFrame, partial: string): string[] {
  if (!frame.expectValue) {
    return [...frame.fields.keys()].filter((name) => !frame.used.has(name)).map((name) => `${name}:`)
  }
  if (partial.startsWith('$')) return []
  const type = getNamedType(frame.kind === 'list' ? frame.element : frame.fields.get(frame.current ?? ''))
  if (isEnumType(type)) return type.getValues().map((value) => value.name)
  if (isScalarType(type) && type.name === 'Boolean') return ['true', 'false']
  return []
}
