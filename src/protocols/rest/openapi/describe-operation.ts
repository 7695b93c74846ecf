import type { JsonSchema, OpenApiIndex, OpenApiOperation } from './openapi-index.js'
import { resolveSchema } from './schema-walk.js'

/** A parameter or body field as listed: its type written out (`integer 1..100`, `"a" | "b"`). */
export interface FieldView {
  name: string
  in: string
  type: string
  required: boolean
  enum?: unknown[]
  description?: string
}

export interface OperationView {
  method: string
  path: string
  operationId?: string
  summary?: string
  parameters: FieldView[]
  /** The JSON body's fields (top level, and one level into objects as `a.b`). */
  body?: { contentType: string; required: boolean; fields: FieldView[] }
}

type Json = Record<string, unknown>

/** `integer 1..100`, `string|null ≤200`, `array of string`, `object` ... */
export function schemaType(index: OpenApiIndex, raw: JsonSchema | undefined): string {
  const schema = resolveSchema(index, raw)
  if (typeof schema !== 'object') return 'any'
  const type = schema.type
  let text = Array.isArray(type) ? type.join('|') : typeof type === 'string' ? type : ''
  if (text === '' && Array.isArray(schema.enum)) text = 'enum'
  if (text === '') {
    const list = (schema.oneOf ?? schema.anyOf) as unknown
    if (Array.isArray(list)) text = list.map((each) => schemaType(index, each as JsonSchema)).join('|')
    else if (schema.allOf !== undefined || schema.properties !== undefined) text = 'object'
    else text = 'any'
  }
  if (text.startsWith('array'))
    text = text.replace('array', `array of ${schemaType(index, schema.items as JsonSchema)}`)
  const min = schema.minimum ?? schema.exclusiveMinimum
  const max = schema.maximum ?? schema.exclusiveMaximum
  if (typeof min === 'number' || typeof max === 'number') text += ` ${min ?? ''}..${max ?? ''}`
  if (typeof schema.format === 'string') text += ` (${schema.format})`
  return text
}

function fields(
  index: OpenApiIndex,
  raw: JsonSchema | undefined,
  prefix: string,
  depth: number,
): FieldView[] {
  const schema = resolveSchema(index, raw)
  if (typeof schema !== 'object' || depth > 1) return []
  const out: FieldView[] = []
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  for (const [name, each] of Object.entries(properties)) {
    const resolved = resolveSchema(index, each)
    if (typeof resolved === 'object' && resolved.readOnly === true) continue
    const enumValues =
      typeof resolved === 'object' && Array.isArray(resolved.enum) ? resolved.enum : undefined
    const description =
      typeof resolved === 'object' && typeof resolved.description === 'string'
        ? resolved.description
        : undefined
    out.push({
      name: `${prefix}${name}`,
      in: 'body',
      type: schemaType(index, each),
      required: required.has(name),
      ...(enumValues === undefined ? {} : { enum: enumValues }),
      ...(description === undefined ? {} : { description }),
    })
    if (typeof resolved === 'object' && resolved.properties !== undefined)
      out.push(...fields(index, resolved, `${prefix}${name}.`, depth + 1))
  }
  for (const key of ['allOf'] as const) {
    const list = schema[key]
    if (Array.isArray(list))
      for (const each of list) out.push(...fields(index, each as JsonSchema, prefix, depth))
  }
  return out
}

/** One operation as `rest ops` lists it and completion offers it. */
export function describeOperation(index: OpenApiIndex, operation: OpenApiOperation): OperationView {
  const parameters = operation.parameters.map((param): FieldView => {
    const schema = resolveSchema(index, param.schema) as Json | undefined
    const enumValues = typeof schema === 'object' && Array.isArray(schema.enum) ? schema.enum : undefined
    return {
      name: param.name,
      in: param.in,
      type: schemaType(index, param.schema),
      required: param.required,
      ...(enumValues === undefined ? {} : { enum: enumValues }),
      ...(param.description === undefined ? {} : { description: param.description }),
    }
  })
  const body = operation.body
  return {
    method: operation.method,
    path: operation.path,
    ...(operation.operationId === undefined ? {} : { operationId: operation.operationId }),
    ...(operation.summary === undefined ? {} : { summary: operation.summary }),
    parameters,
    ...(body === undefined
      ? {}
      : {
          body: {
            contentType: body.contentType,
            required: body.required,
            fields: fields(index, body.schema, '', 0),
          },
        }),
  }
}
