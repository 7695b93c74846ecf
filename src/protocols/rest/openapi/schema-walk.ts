import { type JsonSchema, type OpenApiIndex, schemaRoot } from './openapi-index.js'

/** `2.5` → 2.5 for a number schema, `true` → true for a boolean one; anything else stays text (and fails). */
export function coerceScalar(text: string, schema: unknown): unknown {
  const type = typeof schema === 'object' && schema !== null ? (schema as { type?: unknown }).type : undefined
  const types = Array.isArray(type) ? type : [type]
  if (types.includes('string')) return text
  if ((types.includes('number') || types.includes('integer')) && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text))
    return Number(text)
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true'
  if (types.includes('null') && text === 'null') return null
  return text
}

export function unescapePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

/** The property names a body schema declares at its top (through $ref and allOf), for did-you-mean. */
export function propertyNames(index: OpenApiIndex, schema: JsonSchema | undefined, depth = 0): string[] {
  const resolved = resolveSchema(index, schema)
  if (typeof resolved !== 'object' || depth > 10) return []
  const names = Object.keys((resolved.properties as object | undefined) ?? {})
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = resolved[key]
    if (Array.isArray(list)) for (const each of list) names.push(...propertyNames(index, each, depth + 1))
  }
  return [...new Set(names)]
}

/** A schema with its `$ref` into the document's named schemas followed (at most 20 deep). */
export function resolveSchema(index: OpenApiIndex, schema: unknown): JsonSchema | undefined {
  let node = schema
  for (let depth = 0; depth < 20; depth++) {
    if (typeof node !== 'object' || node === null) return typeof node === 'boolean' ? node : undefined
    const ref = (node as { $ref?: unknown }).$ref
    if (typeof ref !== 'string' || !ref.startsWith(`${schemaRoot}#/`)) return node as JsonSchema
    node = ref
      .slice(schemaRoot.length + 2)
      .split('/')
      .map(unescapePointer)
      .reduce<unknown>(
        (at, token) =>
          typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[token] : undefined,
        index.schemas,
      )
  }
  return undefined
}
