import type { ErrorObject, ValidateFunction } from 'ajv'
import { closestMatches } from '../../../config/did-you-mean.js'
import type { SchemaToCompile, ValidatorCompiler } from './compile-validators.js'
import { loadValidatorCode } from './load-validator-code.js'
import { type JsonSchema, type OpenApiIndex, type OpenApiOperation, schemaRoot } from './openapi-index.js'
import {
  type ContractProblem,
  missingParameters,
  parameterValues,
  type RequestParts,
} from './parameter-values.js'
import { coerceScalar, propertyNames, unescapePointer } from './schema-walk.js'
import { readCachedValidators, type ValidatorCacheScope, writeCachedValidators } from './validator-cache.js'

export type { ContractProblem, RequestParts, ValidatorCacheScope }

type Validators = ReadonlyMap<string, ValidateFunction>

/**
 * Checks requests and responses against one index (and document version).
 * Validators come in sets (an operation's request, one declared response):
 * with a cache scope, a set compiled once is kept as ajv's standalone code
 * and later runs load that instead of importing ajv and compiling
 * (docs/decisions.md); ajv is loaded only on a miss.
 */
export class ContractValidator {
  private compiler: Promise<ValidatorCompiler> | undefined
  private readonly sets = new Map<string, Promise<Validators>>()

  constructor(
    private readonly index: OpenApiIndex,
    private readonly cache?: ValidatorCacheScope,
  ) {}

  private validators(set: string, schemas: readonly SchemaToCompile[]): Promise<Validators> {
    let found = this.sets.get(set)
    if (found === undefined) {
      found = this.loadOrCompile(set, schemas)
      this.sets.set(set, found)
    }
    return found
  }

  private async loadOrCompile(set: string, schemas: readonly SchemaToCompile[]): Promise<Validators> {
    const keys = schemas.map((each) => each.key)
    if (keys.length === 0) return new Map()
    const cache = this.cache
    if (cache !== undefined) {
      const code = await readCachedValidators(cache, set, keys)
      // A damaged entry (it does not run, or lacks a validator) is compiled again and rewritten.
      const loaded = code === undefined ? undefined : loadValidatorCode(code, keys)
      if (loaded !== undefined) return loaded
    }
    this.compiler ??= import('./compile-validators.js').then(
      ({ ValidatorCompiler }) => new ValidatorCompiler(this.index),
    )
    const compiled = (await this.compiler).compile(schemas, cache !== undefined)
    if (cache !== undefined && compiled.code !== undefined)
      await writeCachedValidators(cache, set, keys, compiled.code)
    return compiled.validators
  }

  /** Every broken rule of one request against its operation, in the order: parameters, then body. */
  async checkRequest(operation: OpenApiOperation, parts: RequestParts): Promise<ContractProblem[]> {
    const validators = await this.validators(`request ${operation.pointer}`, requestSchemas(operation))
    const problems = missingParameters(operation, parts)
    for (const { param, field, values } of parameterValues(operation, parts)) {
      const validate = validators.get(`param:${param.pointer}`)
      if (param.schema === undefined || validate === undefined) continue
      const value = parameterValue(param.schema, values)
      if (!validate(value)) {
        for (const error of validate.errors ?? [])
          problems.push(problem(error, field, `${param.pointer}/schema`, []))
      }
    }
    const body = operation.body
    if (body !== undefined && parts.body !== undefined && parts.jsonBody) {
      const validate = validators.get(`body:${body.pointer}`)
      if (body.schema !== undefined && validate !== undefined && !validate(parts.body)) {
        const known = propertyNames(this.index, body.schema)
        for (const error of validate.errors ?? []) problems.push(problem(error, 'body', body.pointer, known))
      }
    }
    return dedupe(problems)
  }

  /** The problems of a response body against the operation's schema for its status (none when undeclared). */
  async checkResponse(
    operation: OpenApiOperation,
    status: number,
    body: unknown,
  ): Promise<ContractProblem[]> {
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
    const key = `response:${declared.pointer}`
    const validators = await this.validators(`response ${declared.pointer}`, [
      { key, schema: declared.schema },
    ])
    const validate = validators.get(key)!
    if (validate(body)) return []
    return dedupe((validate.errors ?? []).map((error) => problem(error, 'response', declared.pointer, [])))
  }
}

/** The schemas a request to the operation may be checked against: its parameters', and a JSON body's. */
export function requestSchemas(operation: OpenApiOperation): SchemaToCompile[] {
  const schemas: SchemaToCompile[] = []
  for (const param of operation.parameters) {
    if (param.schema !== undefined) schemas.push({ key: `param:${param.pointer}`, schema: param.schema })
  }
  const body = operation.body
  if (body?.schema !== undefined && /json/i.test(body.contentType))
    schemas.push({ key: `body:${body.pointer}`, schema: body.schema })
  return schemas
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
