// The OpenAPI index and validator in-process: normalisation of 2.0/3.0 schemas, matching, and every
// operation of the public corpus compiled and checked (fixtures/openapi-corpus, SOURCES.md).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { bundle } from '@readme/openapi-parser'
import { beforeAll, describe, expect, it } from 'vitest'
import { ValidatorCompiler } from '../../../src/protocols/rest/openapi/compile-validators.js'
import { loadValidatorCode } from '../../../src/protocols/rest/openapi/load-validator-code.js'
import { matchOperation } from '../../../src/protocols/rest/openapi/match-operation.js'
import {
  indexOpenApi,
  normalizeSchema,
  type OpenApiIndex,
} from '../../../src/protocols/rest/openapi/openapi-index.js'
import { ContractValidator, requestSchemas } from '../../../src/protocols/rest/openapi/validate-request.js'

const CORPUS = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'openapi-corpus')

describe('normalizeSchema', () => {
  it("turns 3.0's nullable and boolean exclusive bounds into JSON Schema, and points refs at the shared root", () => {
    expect(
      normalizeSchema(
        { type: 'integer', nullable: true, minimum: 0, exclusiveMinimum: true, example: 3 },
        true,
      ),
    ).toEqual({ type: ['integer', 'null'], exclusiveMinimum: 0 })
    expect(normalizeSchema({ properties: { a: { $ref: '#/components/schemas/A' } } }, false)).toEqual({
      properties: { a: { $ref: 'apictl:doc#/components/schemas/A' } },
    })
  })
})

describe('a Swagger 2.0 document', () => {
  it('reads its body parameter as the body and strips basePath when matching', async () => {
    const index = indexOpenApi({
      swagger: '2.0',
      info: { title: 't', version: '1' },
      basePath: '/api/v2',
      paths: {
        '/pets/{id}': {
          put: {
            parameters: [
              { name: 'id', in: 'path', required: true, type: 'integer' },
              { name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      definitions: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    })
    const found = matchOperation(index, 'PUT', '/api/v2/pets/12')
    expect(found.kind).toBe('found')
    if (found.kind !== 'found') return
    expect(found.pathParams).toEqual({ id: '12' })
    const problems = await new ContractValidator(index).checkRequest(found.operation, {
      pathParams: { id: 'twelve' },
      query: [],
      headers: [],
      body: { nme: 'x' },
      jsonBody: true,
    })
    expect(problems.map((each) => `${each.field} ${each.rule}`)).toEqual(['path.id type', 'name required'])
    expect(problems[1]!.pointer).toBe('#/definitions/Pet/required')
  })
})

describe.each(readdirSync(CORPUS).filter((name) => /\.(json|ya?ml)$/.test(name)))('corpus: %s', (file) => {
  let index: OpenApiIndex
  beforeAll(async () => {
    index = indexOpenApi((await bundle(join(CORPUS, file))) as never)
  }, 60_000)

  it('every operation compiles and an empty object body is checked without throwing', {
    timeout: 60_000,
  }, async () => {
    const validator = new ContractValidator(index)
    for (const operation of index.operations) {
      const problems = await validator.checkRequest(operation, {
        pathParams: {},
        query: [],
        headers: [],
        body: operation.body === undefined ? undefined : {},
        jsonBody: true,
      })
      for (const problem of problems) expect(problem.pointer).toMatch(/^#\//)
    }
    // What the index keeps is plain JSON (it is what the cache stores).
    expect(JSON.parse(JSON.stringify(index))).toEqual(index)
  })

  it("ajv's standalone code of each operation's validators gives the same verdicts and errors as ajv", {
    timeout: 60_000,
  }, () => {
    const compiler = new ValidatorCompiler(index)
    const samples: unknown[] = [{}, { id: 1, name: 2, type: 'x', extra: [] }, 'text', 12.5, null, [1, 'a']]
    let checked = 0
    for (const operation of index.operations) {
      const schemas = requestSchemas(operation)
      const { validators, code } = compiler.compile(schemas, true)
      const loaded = loadValidatorCode(code!, [...validators.keys()])
      expect(loaded, `${operation.method} ${operation.path}`).toBeDefined()
      for (const [key, validate] of validators) {
        const fromCode = loaded!.get(key)!
        for (const sample of samples) {
          expect(fromCode(sample), key).toBe(validate(sample))
          expect(fromCode.errors ?? null, key).toEqual(validate.errors ?? null)
          checked++
        }
      }
    }
    if (index.operations.some((operation) => requestSchemas(operation).length > 0))
      expect(checked).toBeGreaterThan(0)
  })
})
