import { type GraphQLSchema, Kind, type OperationDefinitionNode } from 'graphql'
import { closestMatches } from '../../../config/did-you-mean.js'
import { UsageError } from '../../../core/errors.js'
import { typeText, type VariableShape, variableShape } from './variable-shape.js'

export interface VariableOption {
  name: string
  text: string
  /** `name:=JSON`: the value is raw JSON whatever the declared type. */
  json: boolean
  /** The option as given, for messages. */
  item: string
}

/** `--var name=value` or `--var name:=JSON` (a leading `$` on the name is allowed). */
export function parseVariableOption(item: string): VariableOption {
  const match = /^\$?([_A-Za-z][_0-9A-Za-z]*)(:?=)([\s\S]*)$/.exec(item)
  if (!match) {
    throw new UsageError(`--var ${item}: expected name=value (or name:=JSON).`, {
      where: '--var',
      hint: `For example --var limit=3, or --var 'filter:={"tag":"office"}'.`,
    })
  }
  return { name: match[1]!, text: match[3]!, json: match[2] === ':=', item }
}

/**
 * `--var` values as the operation's variables, each coerced by its declared
 * type: Int, Float, Boolean, ID/String, enum values as they are, JSON for
 * lists and input objects. A value that does not fit, or a variable the
 * operation does not declare, is a usage error naming both.
 */
export function coerceVariableOptions(
  items: readonly string[],
  operation: OperationDefinitionNode,
  schema?: GraphQLSchema,
): Record<string, unknown> {
  const definitions = operation.variableDefinitions ?? []
  const values: Record<string, unknown> = {}
  for (const item of items) {
    const option = parseVariableOption(item)
    const definition = definitions.find((candidate) => candidate.variable.name.value === option.name)
    if (definition === undefined) {
      const declared = definitions.map((candidate) => `$${candidate.variable.name.value}`)
      const [close] = closestMatches(
        option.name,
        definitions.map((candidate) => candidate.variable.name.value),
      )
      throw new UsageError(
        `--var ${item}: the operation declares no variable $${option.name}.${close ? ` Did you mean "$${close}"?` : ''}`,
        {
          where: '--var',
          hint:
            declared.length > 0
              ? `It declares ${declared.join(', ')}.`
              : `Declare it in the document, e.g. query ($${option.name}: String) { … }.`,
        },
      )
    }
    const declared = typeText(definition.type)
    const nullable = definition.type.kind !== Kind.NON_NULL_TYPE
    values[option.name] = coerceValue(option, declared, variableShape(definition.type, schema), nullable)
  }
  return values
}

function coerceValue(
  option: VariableOption,
  declared: string,
  shape: VariableShape,
  nullable: boolean,
): unknown {
  const { text } = option
  const fail = (expected: string, example: string): never => {
    throw new UsageError(
      `--var ${option.item}: $${option.name} is declared ${declared}, and ${JSON.stringify(text)} is not ${expected}.`,
      { where: '--var', hint: `For example --var ${option.name}=${example}` },
    )
  }
  if (option.json) return (parseJson(text) ?? fail('JSON', `'${option.name}:=null'`)).value
  // `null` for a nullable variable whose values are never text (for String and ID, `null` is text: use name:=null).
  const textual = shape.kind === 'builtin' && (shape.name === 'String' || shape.name === 'ID')
  if (text === 'null' && !textual) {
    if (nullable) return null
    fail(`allowed (${declared} cannot be null)`, examples(shape))
  }
  return coerceShaped(text, shape, fail)
}

/** A value for the shape; a single value for a list is a list of one (as GraphQL coerces inputs). */
function coerceShaped(
  text: string,
  shape: VariableShape,
  fail: (expected: string, example: string) => never,
): unknown {
  switch (shape.kind) {
    case 'list': {
      const value = parseJson(text)
      if (Array.isArray(value?.value)) return value.value
      if (shape.item.kind === 'list') return fail('a JSON list of lists', examples(shape))
      return [
        coerceShaped(text, shape.item, () =>
          fail(`a JSON list or one ${describe(shape.item)}`, examples(shape)),
        ),
      ]
    }
    case 'input': {
      const value = parseJson(text)
      return isObject(value?.value) ? value.value : fail(`a JSON object (${shape.name})`, examples(shape))
    }
    case 'enum':
      if (shape.values.includes(text)) return text
      return fail(
        enumExpectation(shape.name, shape.values),
        closestMatches(text, shape.values)[0] ?? shape.values[0] ?? 'VALUE',
      )
    case 'builtin':
      return coerceBuiltin(text, shape.name, fail)
    case 'other': {
      const looksJson = /^\s*[[{]/.test(text) || text === 'true' || text === 'false' || text === 'null'
      return looksJson ? (parseJson(text) ?? fail(`valid JSON for ${shape.name}`, `'{"a": 1}'`)).value : text
    }
  }
}

function coerceBuiltin(
  text: string,
  name: 'Int' | 'Float' | 'Boolean' | 'String' | 'ID',
  fail: (expected: string, example: string) => never,
): unknown {
  switch (name) {
    case 'Int': {
      const number = Number(text)
      if (/^[+-]?\d+$/.test(text) && number >= -2147483648 && number <= 2147483647) return number
      return fail('an Int (a whole number from -2147483648 to 2147483647)', '10')
    }
    case 'Float':
      if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) && Number.isFinite(Number(text)))
        return Number(text)
      return fail('a Float (a number such as 2.5)', '2.5')
    case 'Boolean':
      if (text === 'true' || text === 'false') return text === 'true'
      return fail('a Boolean (true or false)', 'true')
    default:
      return text
  }
}

/** An example `--var` value for a shape (a list's example lists two of its item's). */
function examples(shape: VariableShape): string {
  switch (shape.kind) {
    case 'list': {
      const item = examples(shape.item).replace(/^'|'$/g, '')
      const quoted =
        shape.item.kind === 'builtin' && (shape.item.name === 'String' || shape.item.name === 'ID')
      return quoted ? `'["${item}", "${item}2"]'` : `'[${item}, ${item}]'`
    }
    case 'input':
      return `'{"name": "Pen"}'`
    case 'enum':
      return shape.values[0] ?? 'VALUE'
    case 'builtin':
      return { Int: '10', Float: '2.5', Boolean: 'true', String: 'text', ID: '1' }[shape.name]
    case 'other':
      return 'VALUE'
  }
}

function describe(shape: VariableShape): string {
  return shape.kind === 'list' ? 'list' : shape.name
}

function enumExpectation(name: string, values: string[]): string {
  const listed = values.length > 8 ? `${values.slice(0, 8).join(', ')}, …` : values.join(', ')
  return `a ${name} value (one of ${listed})`
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return undefined
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
