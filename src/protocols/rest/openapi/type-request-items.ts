import { parseJsonPath } from '../items/json-path.js'
import type { RequestItem } from '../items/request-item.js'
import type { JsonSchema, OpenApiIndex } from './openapi-index.js'
import { coerceScalar, resolveSchema } from './schema-walk.js'

function schemaTypes(schema: JsonSchema | undefined): unknown[] {
  if (typeof schema !== 'object') return []
  return Array.isArray(schema.type) ? schema.type : [schema.type]
}

/** The schema of a body field path (`a[b][0]`), through $ref, allOf and array items; undefined when unknown. */
function fieldSchema(
  index: OpenApiIndex,
  root: JsonSchema | undefined,
  path: string,
): JsonSchema | undefined {
  let schema = resolveSchema(index, root)
  let steps: ReturnType<typeof parseJsonPath>
  try {
    steps = parseJsonPath(path)
  } catch {
    return undefined
  }
  for (const step of steps) {
    if (typeof schema !== 'object') return undefined
    if (step.kind === 'key') {
      schema = resolveSchema(index, propertySchema(index, schema, step.key))
    } else {
      schema = resolveSchema(index, schema.items)
    }
  }
  return schema
}

function propertySchema(index: OpenApiIndex, schema: JsonSchema, key: string, depth = 0): unknown {
  if (typeof schema !== 'object' || depth > 10) return undefined
  const own = (schema.properties as Record<string, unknown> | undefined)?.[key]
  if (own !== undefined) return own
  for (const list of [schema.allOf, schema.anyOf, schema.oneOf]) {
    if (!Array.isArray(list)) continue
    for (const each of list) {
      const found = propertySchema(index, resolveSchema(index, each) ?? {}, key, depth + 1)
      if (found !== undefined) return found
    }
  }
  return undefined
}

/**
 * `field=value` items typed by the body schema: `price=2.5` becomes the
 * number 2.5 when the schema says number (or integer), `done=true` a
 * boolean, and `tags=a tags=b` fill an array of scalars. A value that does
 * not read as its type stays a string, for the validator to name.
 */
export function typeRequestItems(
  items: readonly RequestItem[],
  index: OpenApiIndex,
  bodySchema: JsonSchema | undefined,
): RequestItem[] {
  if (bodySchema === undefined) return [...items]
  return items.map((item): RequestItem => {
    if (item.kind !== 'dataString') return item
    const schema = fieldSchema(index, bodySchema, item.path)
    const types = schemaTypes(schema)
    if (types.includes('array') && typeof schema === 'object' && !item.path.endsWith('[]')) {
      const itemSchema = resolveSchema(index, schema.items)
      return { kind: 'dataJson', path: `${item.path}[]`, value: coerceScalar(item.value, itemSchema) }
    }
    if (types.includes('string') || types.length === 0) return item
    const value = coerceScalar(item.value, schema)
    return typeof value === 'string' ? item : { kind: 'dataJson', path: item.path, value }
  })
}
