/**
 * An OpenAPI document (Swagger 2.0, OpenAPI 3.0 or 3.1) reduced to what the
 * client uses: each operation with its parameters, JSON body and response
 * schemas, and the named schemas those refer to, normalised to JSON Schema
 * (3.0's `nullable`, 2.0's `x-nullable`, boolean exclusive bounds). `$ref`s
 * stay references into `schemas` (prefixed with `apictl:doc#`), so cyclic
 * documents stay finite and the index is plain JSON that can be cached.
 */
export interface OpenApiIndex {
  /** '2.0', '3.0.3', '3.1.0', ... */
  version: string
  title: string
  /** Path prefixes the servers (or 2.0's basePath) put before each path: `/api/v3`. */
  basePaths: string[]
  operations: OpenApiOperation[]
  /** The root the `$ref`s point into: `{components: {schemas}}` or `{definitions}`. */
  schemas: Record<string, unknown>
}

export interface OpenApiParameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required: boolean
  description?: string
  schema?: JsonSchema
  /** Where it is declared: a JSON pointer into the document. */
  pointer: string
}

export interface OpenApiBody {
  required: boolean
  contentType: string
  schema?: JsonSchema
  pointer: string
}

export interface OpenApiOperation {
  method: string
  path: string
  operationId?: string
  summary?: string
  parameters: OpenApiParameter[]
  body?: OpenApiBody
  /** Status (or `default`, `2XX`) → the JSON schema of the answer, when it has one. */
  responses: Record<string, { schema?: JsonSchema; pointer: string }>
  pointer: string
}

export type JsonSchema = Record<string, unknown> | boolean

export const schemaRoot = 'apictl:doc'
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** RFC 6901: `~` → `~0`, `/` → `~1`. */
export function pointerToken(text: string): string {
  return text.replace(/~/g, '~0').replace(/\//g, '~1')
}

function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined
  let node: unknown = document
  for (const raw of ref.slice(2).split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (!isObject(node) && !Array.isArray(node)) return undefined
    node = (node as Json)[token]
  }
  return node
}

/** A parameter, request body or response given as a `$ref` (not a schema): followed, at most 20 deep. */
function follow(document: Json, value: unknown): Json | undefined {
  let node = value
  for (let depth = 0; depth < 20 && isObject(node) && typeof node.$ref === 'string'; depth++) {
    node = resolvePointer(document, node.$ref)
  }
  return isObject(node) ? node : undefined
}

const schemaMaps = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const
const schemaLists = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const
const schemaSingles = [
  'items',
  'additionalProperties',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
] as const

/** One schema as JSON Schema, refs pointed at the shared root; `legacy` for 2.0 and 3.0 documents. */
export function normalizeSchema(
  schema: unknown,
  legacy: boolean,
  depth = 0,
  document: Json = {},
): JsonSchema {
  if (typeof schema === 'boolean') return schema
  if (!isObject(schema) || depth > 200) return {}
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') {
      if (/^#\/(?:components\/schemas|definitions)\//.test(value) || !value.startsWith('#')) {
        out.$ref = value.startsWith('#') ? `${schemaRoot}${value}` : value
      } else {
        // A schema inside a parameter, response or path: inlined (the shared root holds named schemas only).
        Object.assign(out, normalizeSchema(resolvePointer(document, value), legacy, depth + 20, document))
      }
    } else if ((schemaMaps as readonly string[]).includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, each]) => [
          name,
          normalizeSchema(each, legacy, depth + 1, document),
        ]),
      )
    } else if ((schemaLists as readonly string[]).includes(key) && Array.isArray(value)) {
      out[key] = value.map((each) => normalizeSchema(each, legacy, depth + 1, document))
    } else if (
      (schemaSingles as readonly string[]).includes(key) &&
      (isObject(value) || typeof value === 'boolean')
    ) {
      out[key] = normalizeSchema(value, legacy, depth + 1, document)
    } else if (key === 'items' && Array.isArray(value)) {
      out[key] = value.map((each) => normalizeSchema(each, legacy, depth + 1, document))
    } else if (key === 'discriminator' || key === 'xml' || key === 'example' || key === 'externalDocs') {
      // annotations the validator does not need (and ajv would read discriminator strictly)
    } else {
      out[key] = value
    }
  }
  if (legacy) {
    if ((schema.nullable === true || schema['x-nullable'] === true) && out.type !== undefined) {
      const types = Array.isArray(out.type) ? out.type : [out.type]
      out.type = types.includes('null') ? types : [...types, 'null']
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
    }
    for (const [flag, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (out[flag] === true && typeof out[bound] === 'number') {
        out[flag] = out[bound]
        delete out[bound]
      } else if (typeof out[flag] === 'boolean') delete out[flag]
    }
    // 2.0's `type: file` and 3.0's binary strings are not JSON.
    if (out.type === 'file') delete out.type
  }
  delete out.nullable
  delete out['x-nullable']
  return out
}

const jsonType = (type: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(type) || type === '*/*'

function pickJson(content: unknown): [string, Json] | undefined {
  if (!isObject(content)) return undefined
  const entries = Object.entries(content).filter((entry): entry is [string, Json] => isObject(entry[1]))
  return entries.find(([type]) => jsonType(type)) ?? entries[0]
}

function basePaths(document: Json): string[] {
  if (typeof document.basePath === 'string') return [document.basePath.replace(/\/+$/, '')]
  const servers = Array.isArray(document.servers) ? document.servers : []
  const found = new Set<string>()
  for (const server of servers) {
    if (!isObject(server) || typeof server.url !== 'string') continue
    try {
      // Server variables: their defaults.
      const variables = isObject(server.variables) ? server.variables : {}
      const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const variable = variables[name]
        return isObject(variable) && typeof variable.default === 'string' ? variable.default : ''
      })
      found.add(new URL(url, 'http://base.invalid').pathname.replace(/\/+$/, ''))
    } catch {}
  }
  return found.size === 0 ? [''] : [...found]
}

function parameter(
  document: Json,
  raw: unknown,
  pointer: string,
  legacy2: boolean,
  legacy: boolean,
): OpenApiParameter | undefined {
  const param = follow(document, raw)
  if (param === undefined || typeof param.name !== 'string' || typeof param.in !== 'string') return undefined
  if (param.in === 'body' || param.in === 'formData') return undefined
  let schema: JsonSchema | undefined
  if (param.schema !== undefined) schema = normalizeSchema(param.schema, legacy, 0, document)
  else if (isObject(param.content))
    schema = normalizeSchema(pickJson(param.content)?.[1].schema, legacy, 0, document)
  else if (legacy2) {
    const { name: _n, in: _i, required: _r, description: _d, collectionFormat: _c, ...rest } = param
    schema = normalizeSchema(rest, true, 0, document)
  }
  return {
    name: param.name,
    in: param.in as OpenApiParameter['in'],
    required: param.required === true || param.in === 'path',
    ...(typeof param.description === 'string' ? { description: param.description } : {}),
    ...(schema === undefined ? {} : { schema }),
    pointer,
  }
}

/** Builds the index of a parsed (not dereferenced) document. */
export function indexOpenApi(document: Json): OpenApiIndex {
  const version = String(document.openapi ?? document.swagger ?? '')
  const swagger2 = version.startsWith('2')
  const legacy = !version.startsWith('3.1')
  const operations: OpenApiOperation[] = []
  const paths = isObject(document.paths) ? document.paths : {}
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = follow(document, rawItem)
    if (item === undefined) continue
    const itemPointer = `#/paths/${pointerToken(path)}`
    const shared = Array.isArray(item.parameters) ? item.parameters : []
    for (const method of methods) {
      const op = item[method]
      if (!isObject(op)) continue
      const pointer = `${itemPointer}/${method}`
      const byKey = new Map<string, OpenApiParameter>()
      let body: OpenApiBody | undefined
      const own = Array.isArray(op.parameters) ? op.parameters : []
      const all: Array<[unknown, string]> = [
        ...shared.map((each, index): [unknown, string] => [each, `${itemPointer}/parameters/${index}`]),
        ...own.map((each, index): [unknown, string] => [each, `${pointer}/parameters/${index}`]),
      ]
      const consumes = Array.isArray(op.consumes) ? op.consumes : document.consumes
      for (const [raw, where] of all) {
        const resolved = follow(document, raw)
        if (swagger2 && resolved?.in === 'body') {
          body = {
            required: resolved.required === true,
            contentType:
              Array.isArray(consumes) && typeof consumes[0] === 'string' ? consumes[0] : 'application/json',
            schema: normalizeSchema(resolved.schema, true, 0, document),
            pointer: `${where}/schema`,
          }
          continue
        }
        const param = parameter(document, raw, where, swagger2, legacy)
        if (param !== undefined) byKey.set(`${param.in}:${param.name}`, param)
      }
      const requestBody = follow(document, op.requestBody)
      if (requestBody !== undefined) {
        const picked = pickJson(requestBody.content)
        if (picked !== undefined) {
          body = {
            required: requestBody.required === true,
            contentType: picked[0],
            ...(picked[1].schema === undefined
              ? {}
              : { schema: normalizeSchema(picked[1].schema, legacy, 0, document) }),
            pointer: `${pointer}/requestBody/content/${pointerToken(picked[0])}/schema`,
          }
        }
      }
      const responses: OpenApiOperation['responses'] = {}
      if (isObject(op.responses)) {
        for (const [status, rawResponse] of Object.entries(op.responses)) {
          const response = follow(document, rawResponse)
          if (response === undefined) continue
          const base = `${pointer}/responses/${pointerToken(status)}`
          if (swagger2) {
            responses[status] = {
              ...(response.schema === undefined
                ? {}
                : { schema: normalizeSchema(response.schema, true, 0, document) }),
              pointer: `${base}/schema`,
            }
            continue
          }
          const picked = pickJson(response.content)
          responses[status] = {
            ...(picked?.[1].schema === undefined || !jsonType(picked[0])
              ? {}
              : { schema: normalizeSchema(picked[1].schema, legacy, 0, document) }),
            pointer: picked === undefined ? base : `${base}/content/${pointerToken(picked[0])}/schema`,
          }
        }
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        ...(typeof op.operationId === 'string' ? { operationId: op.operationId } : {}),
        ...(typeof op.summary === 'string' ? { summary: op.summary } : {}),
        parameters: [...byKey.values()],
        ...(body === undefined ? {} : { body }),
        responses,
        pointer,
      })
    }
  }
  const components = isObject(document.components) ? document.components : {}
  const normalizeAll = (map: unknown) =>
    isObject(map)
      ? Object.fromEntries(
          Object.entries(map).map(([name, each]) => [name, normalizeSchema(each, legacy, 0, document)]),
        )
      : {}
  const schemas: Record<string, unknown> = swagger2
    ? { definitions: normalizeAll(document.definitions) }
    : { components: { schemas: normalizeAll(components.schemas) } }
  const info = isObject(document.info) ? document.info : {}
  return {
    version,
    title: typeof info.title === 'string' ? info.title : '',
    basePaths: basePaths(document),
    operations,
    schemas,
  }
}
