import { closestMatches } from '../../../config/did-you-mean.js'
import type { OpenApiOperation, OpenApiParameter } from './openapi-index.js'

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

/** Each parameter the request gives a value for, with its values as sent. */
export function parameterValues(
  operation: OpenApiOperation,
  parts: RequestParts,
): Array<{ param: OpenApiParameter; field: string; values: string[] }> {
  const found: Array<{ param: OpenApiParameter; field: string; values: string[] }> = []
  for (const param of operation.parameters) {
    const values = valuesOf(param, parts)
    if (values !== undefined && values.length > 0)
      found.push({ param, field: `${param.in}.${param.name}`, values })
  }
  return found
}

function valuesOf(param: OpenApiParameter, parts: RequestParts): string[] | undefined {
  if (param.in === 'path') return param.name in parts.pathParams ? [parts.pathParams[param.name]!] : []
  if (param.in === 'query') return parts.query.filter(([name]) => name === param.name).map(([, v]) => v)
  if (param.in === 'header') {
    const wanted = param.name.toLowerCase()
    return parts.headers.filter(([name]) => name.toLowerCase() === wanted).map(([, v]) => v)
  }
  return undefined // cookies are not checked
}

/**
 * What the request leaves out: required parameters (each with a
 * did-you-mean among what was given) and a required body.
 */
export function missingParameters(operation: OpenApiOperation, parts: RequestParts): ContractProblem[] {
  const problems: ContractProblem[] = []
  const body = operation.body
  if (body?.required && parts.body === undefined) {
    problems.push({
      field: '(body)',
      rule: 'required',
      message: `${operation.method} ${operation.path} needs a request body (${body.contentType})`,
      pointer: body.pointer.replace(/\/content\/.*$|\/schema$/, ''),
    })
  }
  for (const param of operation.parameters) {
    const values = valuesOf(param, parts)
    if (!param.required || values === undefined || values.length > 0) continue
    const known =
      param.in === 'query'
        ? parts.query.map(([name]) => name)
        : param.in === 'header'
          ? parts.headers.map(([name]) => name)
          : []
    const near = closestMatches(param.name, known)[0]
    const how =
      param.in === 'query'
        ? `${param.name}==VALUE`
        : param.in === 'header'
          ? `${param.name}:VALUE`
          : `the ${param.name} segment`
    problems.push({
      field: `${param.in}.${param.name}`,
      rule: 'required',
      message: `the ${param.in} parameter ${param.name} is required`,
      pointer: param.pointer,
      hint: near === undefined ? `Add ${how}.` : `Did you mean ${param.name} rather than ${near}?`,
    })
  }
  return problems
}

const annotations = new Set([
  'description',
  'title',
  'example',
  'examples',
  'deprecated',
  'default',
  'readOnly',
  'writeOnly',
])

/**
 * Whether checking these values needs the schema validator: a string against
 * a plain `{type: string}` (the common path parameter) does not, so a plain
 * GET loads no validator.
 */
export function needsValidator(operation: OpenApiOperation, parts: RequestParts): boolean {
  if (parts.body !== undefined && operation.body?.schema !== undefined) return true
  return parameterValues(operation, parts).some(({ param }) => {
    const schema = param.schema
    if (schema === undefined || schema === true) return false
    if (schema === false) return true
    return Object.keys(schema).some(
      (key) => !(key === 'type' && schema.type === 'string') && !annotations.has(key),
    )
  })
}
