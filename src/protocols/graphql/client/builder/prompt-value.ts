import {
  type GraphQLInputType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql'
import type { Prompter } from '../../../../prompt/prompter.js'

/** Returned for an optional value the user left out. */
export const SKIP = Symbol('skip')

/**
 * Asks for one value of an input type, with a prompt that fits it: a pick
 * list for enums and booleans, validated text for Int and Float, JSON for
 * lists, field by field for input objects. Required values are marked `*`
 * and cannot be skipped; an optional one left empty is SKIP.
 */
export async function promptValue(
  label: string,
  type: GraphQLInputType,
  prompter: Prompter,
  description?: string | null,
): Promise<unknown> {
  const required = isNonNullType(type)
  const inner = getNullableType(type)
  const message = `${label}${required ? '*' : ''} (${String(type)})${description ? ` ${firstLine(description)}` : ''}`
  if (isEnumType(inner)) {
    const choices = inner.getValues().map((value) => ({
      name: value.name,
      value: value.name as unknown,
      description: value.description ?? undefined,
    }))
    return prompter.select(message, required ? choices : [...choices, { name: '(leave out)', value: SKIP }])
  }
  if (isScalarType(inner) && inner.name === 'Boolean') {
    const choices = [
      { name: 'true', value: true as unknown },
      { name: 'false', value: false as unknown },
    ]
    return prompter.select(message, required ? choices : [...choices, { name: '(leave out)', value: SKIP }])
  }
  if (isInputObjectType(inner)) {
    if (!required && !(await prompter.confirm(`Set ${label} (${inner.name})?`, false))) return SKIP
    const value: Record<string, unknown> = {}
    for (const field of Object.values(inner.getFields())) {
      const answer = await promptValue(`${label}.${field.name}`, field.type, prompter, field.description)
      if (answer !== SKIP) value[field.name] = answer
    }
    return value
  }
  const parse = parserFor(inner)
  const text = await prompter.input(message, {
    validate: (typed) => {
      if (typed === '') return required ? `${label} is required.` : true
      const parsed = parse(typed)
      return parsed.ok ? true : parsed.problem
    },
  })
  if (text === '') return SKIP
  return parse(text).value
}

type Parsed =
  | { ok: true; value: unknown; problem?: undefined }
  | { ok: false; problem: string; value?: undefined }

function parserFor(type: GraphQLInputType): (text: string) => Parsed {
  if (isListType(type)) {
    return (text) => {
      const value = jsonOf(text)
      return Array.isArray(value)
        ? { ok: true, value }
        : { ok: false, problem: 'Enter a JSON list, e.g. ["a", "b"].' }
    }
  }
  const name = isScalarType(type) ? type.name : ''
  if (name === 'Int') {
    return (text) => {
      const number = Number(text)
      return /^[+-]?\d+$/.test(text.trim()) && Math.abs(number) <= 2147483647
        ? { ok: true, value: number }
        : { ok: false, problem: 'Enter a whole number (Int).' }
    }
  }
  if (name === 'Float') {
    return (text) =>
      text.trim() !== '' && Number.isFinite(Number(text))
        ? { ok: true, value: Number(text) }
        : { ok: false, problem: 'Enter a number (Float), e.g. 2.5.' }
  }
  return (text) => ({ ok: true, value: text })
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function firstLine(text: string): string {
  const line = text.split('\n')[0]!.trim()
  return `— ${line.length > 60 ? `${line.slice(0, 60)}…` : line}`
}
