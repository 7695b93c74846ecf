import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { closestMatches } from '../../../config/did-you-mean.js'
import { type JsonSchema, type OpenApiIndex, type OpenApiOperation, schemaRoot } from './openapi-index.js'
import {
  type ContractProblem,
  missingParameters,
  parameterValues,
  type RequestParts,
} from './parameter-values.js'
import { coerceScalar, propertyNames, unescapePointer } from './schema-walk.js'

export type { ContractProblem, RequestParts }

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

  private compile(key: string, schema: JsonSchema): ValidateFunction {
    let validate = this.compiled.get(key)
    if (validate === undefined) {
      validate = this.ajv.compile(schema as object)
      this.compiled.set(key, validate)
    }
    return validate
  }

  /** Every broken rule of one request against its operation, in the order: parameters, then body. */
  checkRequest(operation: OpenApiOperation, parts: RequestParts): ContractProblem[] {
    const problems = missingParameters(operation, parts)
    for (const { param, field, values } of parameterValues(operation, parts)) {
      if (param.schema === undefined) continue
      const value = parameterValue(param.schema, values)
      const validate = this.compile(`param:${param.pointer}`, param.schema)
      if (!validate(value)) {
        for (const error of validate.errors ?? [])
          problems.push(problem(error, field, `${param.pointer}/schema`, []))
      }
    }
    const body = operation.body
    if (body !== undefined && parts.body !== undefined) {
      if (parts.jsonBody && body.schema !== undefined && /json/i.test(body.contentType)) {
        const validate = this.compile(`body:${body.pointer}`, body.schema)
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
    const validate = this.compile(`response:${declared.pointer}`, declared.schema)
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
