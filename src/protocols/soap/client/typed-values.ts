import { emptyRecord, type SoapRecord, type SoapValue } from '../message-values.js'
import { isRepeated, type ParameterDescription } from './service-description.js'

/** A response value with the schema's types applied: numbers, booleans, lists where an element repeats. */
export type TypedValue = string | number | boolean | null | TypedValue[] | { [name: string]: TypedValue }

/** XML Schema built-ins whose values are whole numbers / other numbers. */
const integerTypes: ReadonlySet<string> = new Set([
  'int',
  'integer',
  'long',
  'short',
  'byte',
  'nonNegativeInteger',
  'nonPositiveInteger',
  'positiveInteger',
  'negativeInteger',
  'unsignedLong',
  'unsignedInt',
  'unsignedShort',
  'unsignedByte',
])
const numberTypes: ReadonlySet<string> = new Set(['decimal', 'float', 'double'])
const integerText = /^\s*[+-]?\d+\s*$/
const decimalText = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/

/** The text as a number when that loses nothing (at most 15 significant digits), else the text. */
function number(text: string, integer: boolean): string | number {
  if (!(integer ? integerText : decimalText).test(text)) return text
  const significant = text
    .replace(/[eE].*$/, '')
    .replace(/[^\d]/g, '')
    .replace(/^0+/, '')
  const value = Number(text)
  return Number.isFinite(value) && significant.length <= 15 ? value : text
}

function scalar(text: string, base: string | undefined): TypedValue {
  if (base === undefined) return text
  if (integerTypes.has(base)) return number(text, true)
  if (numberTypes.has(base)) return number(text, false)
  if (base === 'boolean') {
    const trimmed = text.trim()
    if (trimmed === 'true' || trimmed === '1') return true
    if (trimmed === 'false' || trimmed === '0') return false
  }
  return text
}

/** One value typed by its description (typedValues' rule for each field). */
export function typedValue(value: SoapValue, described: ParameterDescription | undefined): TypedValue {
  if (value === null) return null
  if (Array.isArray(value)) return value.map((entry) => typedValue(entry, described))
  // An empty element of a complex type (`<items/>`) is a record with nothing in it, not text.
  if (typeof value === 'string' && described?.children !== undefined && value.trim() === '')
    return typedValues(emptyRecord(), described.children)
  if (typeof value === 'string') return scalar(value, described?.base)
  return typedValues(value, described?.children)
}

/**
 * zeep's way with a response: values converted by their schema type
 * (xs:int → number, xs:boolean → boolean, decimals that fit a double → number)
 * and an element that may repeat always a list, even with one entry or none
 * (a repeated element the response leaves out is `[]`, at its place in the
 * schema's order). Without a description the values stay text. Keys keep a
 * null prototype.
 */
export function typedValues(
  values: SoapRecord,
  parameters?: readonly ParameterDescription[],
): { [name: string]: TypedValue } {
  const out = Object.create(null) as { [name: string]: TypedValue }
  const order = (name: string) => parameters?.findIndex((parameter) => parameter.name === name) ?? -1
  const missing = (parameters ?? []).filter(
    (parameter) => isRepeated(parameter) && !Object.hasOwn(values, parameter.name),
  )
  for (const [name, value] of Object.entries(values)) {
    const at = order(name)
    while (at >= 0 && missing.length > 0 && order(missing[0]!.name) < at) out[missing.shift()!.name] = []
    const described = parameters?.find((parameter) => parameter.name === name)
    const converted = typedValue(value, described)
    out[name] =
      described !== undefined && isRepeated(described) && !Array.isArray(converted) ? [converted] : converted
  }
  for (const parameter of missing) out[parameter.name] = []
  return out
}
