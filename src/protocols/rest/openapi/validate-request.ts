import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { closestMatches } from '../../../config/did-you-mean.js'
import { type JsonSchema, type OpenApiIndex, type OpenApiOperation, schemaRoot } from './openapi-index.js'

/** One broken rule: the field, the rule, and the JSON pointer into the document it comes from. */
export interface ContractProblem {
  /** `body.price`, `query.limit`, `path.id`, `header.X-Key`, or `(body)`. */
  field: string
  message: string
  /** The keyword that failed: type, required, enum, minimum, additionalProperties, ... */
  rule: string
  pointer: string
  hint?: string
}

export interface RequestParts {
  pathParams: Record<string, string>
  query: ReadonlyArray<readonly [string, string]>
  headers: ReadonlyArray<readonly [string, string]>
  /** undefined: no body. */
  body: unknown
  /** Whether the body is JSON (not --form, not a file upload). */
  jsonBody: boolean
}

// ajv-formats is CommonJS: its default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => void

/** One validator per index (and per document version), with the document's named schemas added once. */
export class ContractValidator {
  private readonly ajv: Ajv
  private readonly compiled = new Map<string, ValidateFunction>()

  constructor(private readonly index: OpenApiIndex) {
    const options = { strict: false, allErrors: true, validateFormats: true, logger: false as const }
    this.ajv = index.version.startsWith('3.1') ? new Ajv2020(options) : new Ajv(options)
    addFormats(this.ajv)
    this.ajv.addSchema({ $id: schemaRoot, ...index.schemas } as never)
  }

  private compile(key: string, schema: JsonSchema, coerce: boolean): ValidateFunction {
    let validate = this.compiled.get(key)
    if (validate === undefined) {
      validate = this.ajv.compile(coerce ? (schema as object) : (schema as object))
      this.compiled.set(key, validate)
    }
    return validate
  }

  /** Every broken rule of one request against its operation, in the order: parameters, then body. */
  checkRequest(operation: OpenApiOperation, parts: RequestParts): ContractProblem[] {
    const problems: ContractProblem[] = []
    const queryNames = new Set(parts.query.map(([name]) => name))
    const headerNames = new Set(parts.headers.map(([name]) => name.toLowerCase()))
    for (const param of operation.parameters) {
      let values: string[]
      if (param.in === 'path') values = param.name in parts.pathParams ? [parts.pathParams[param.name]!] : []
      else if (param.in === 'query')
        values = parts.query.filter(([name]) => name === param.name).map(([, v]) => v)
      else if (param.in === 'header')
        values = parts.headers
          .filter(([name]) => name.toLowerCase() === param.name.toLowerCase())
          .map(([, v]) => v)
      else continue
      const field = `${param.in}.${param.name}`
      if (values.length === 0) {
        if (param.required) {
          const known = param.in === 'query' ? [...queryNames] : param.in === 'header' ? [...headerNames] : []
          const near = closestMatches(param.name, known)[0]
          problems.push({
            field,
            rule: 'required',
            message: `the ${param.in} parameter ${param.name} is required`,
            pointer: param.pointer,
            hint:
              near === undefined
                ? `Add ${param.in === 'query' ? `${param.name}==VALUE` : param.in === 'header' ? `${param.name}:VALUE` : `the ${param.name} segment`}.`
                : `Did you mean ${param.name} rather than ${near}?`,
          })
        }
        continue
      }
      if (param.schema === undefined) continue
      const value = parameterValue(param.schema, values)
      const validate = this.compile(`param:${param.pointer}`, param.schema, true)
      if (!validate(value)) {
        for (const error of validate.errors ?? [])
          problems.push(problem(error, field, `${param.pointer}/schema`, []))
      }
    }
    if (operation.body !== undefined) {
      const body = operation.body
      if (parts.body === undefined) {
        if (body.required) {
          problems.push({
            field: '(body)',
            rule: 'required',
            message: `${operation.method} ${operation.path} needs a request body (${body.contentType})`,
            pointer: body.pointer.replace(/\/content\/.*$/, ''),
          })
        }
      } else if (parts.jsonBody && body.schema !== undefined && /json/i.test(body.contentType)) {
        const validate = this.compile(`body:${body.pointer}`, body.schema, false)
        if (!validate(parts.body)) {
          const known = propertyNames(this.index, body.schema)
          for (const error of validate.errors ?? [])
            problems.push(problem(error, 'body', body.pointer, known))
        }
      }
    }
    return dedupe(problems)
  }

  /** The problems of a response body against the operation's schema for its status (none when undeclared). */
  checkResponse(operation: OpenApiOperation, status: number, body: unknown): ContractProblem[] {
    const declared =
      operation.responses[String(status)] ??
      operation.responses[`${String(status)[0]}XX`] ??
      operation.responses.default
    if (declared === undefined) {
      return [
        {
          field: '(status)',
          rule: 'responses',
          message: `status ${status} is not declared for ${operation.method} ${operation.path}`,
          pointer: `${operation.pointer}/responses`,
        },
      ]
    }
    if (declared.schema === undefined || body === undefined) return []
    const validate = this.compile(`response:${declared.pointer}`, declared.schema, false)
    if (validate(body)) return []
    return dedupe((validate.errors ?? []).map((error) => problem(error, 'response', declared.pointer, [])))
  }
}

/** A parameter's values as its schema wants them: an array for array schemas, numbers and booleans coerced. */
function parameterValue(schema: JsonSchema, values: string[]): unknown {
  const type = typeof schema === 'object' ? schema.type : undefined
  const scalar = (text: string, itemSchema: unknown) => coerceScalar(text, itemSchema)
  if (type === 'array' || (Array.isArray(type) && type.includes('array'))) {
    const items = typeof schema === 'object' ? schema.items : undefined
    const parts = values.length === 1 ? values[0]!.split(',') : values
    return parts.map((each) => scalar(each, items))
  }
  return scalar(values.at(-1)!, schema)
}

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

function unescapePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

function problem(error: ErrorObject, root: string, pointer: string, known: string[]): ContractProblem {
  const steps = error.instancePath.split('/').slice(1).map(unescapePointer)
  let field = [root, ...steps].join('.')
  let message = `${error.message ?? 'is not valid'}`
  let hint: string | undefined
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    field = `${field}.${params.missingProperty}`
    message = 'is required'
  } else if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    field = `${field}.${params.additionalProperty}`
    message = 'is not a known field'
    const near = nearestName(params.additionalProperty, known)
    if (near !== undefined) hint = `Did you mean ${near}?`
    else if (known.length > 0) hint = `Known fields: ${known.slice(0, 12).join(', ')}.`
  } else if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    message = `must be one of ${params.allowedValues.map((each) => JSON.stringify(each)).join(', ')}`
  }
  const schemaPath = error.schemaPath
  const where = schemaPath.startsWith(`${schemaRoot}#`)
    ? schemaPath.slice(schemaRoot.length)
    : `${pointer}${schemaPath.replace(/^#/, '')}`
  const shown = field.startsWith('body.') ? field.slice(5) : field
  return {
    field: shown,
    rule: error.keyword,
    message,
    pointer: where,
    ...(hint === undefined ? {} : { hint }),
  }
}

/** The closest known name: by edit distance, or the same letters in another order (`nmae` → `name`). */
function nearestName(typed: string, known: readonly string[]): string | undefined {
  const close = closestMatches(typed, known)[0]
  if (close !== undefined) return close
  const letters = (text: string) => [...text.toLowerCase()].sort().join('')
  return known.find((each) => letters(each) === letters(typed))
}

function dedupe(problems: ContractProblem[]): ContractProblem[] {
  const seen = new Set<string>()
  return problems.filter((each) => {
    const key = `${each.field} ${each.rule} ${each.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
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
