// The OpenAPI index and validator in-process: normalisation of 2.0/3.0 schemas, matching, and every
// operation of the public corpus compiled and checked (fixtures/openapi-corpus, SOURCES.md).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { bundle } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { matchOperation } from '../../../src/protocols/rest/openapi/match-operation.js'
import { indexOpenApi, normalizeSchema } from '../../../src/protocols/rest/openapi/openapi-index.js'
import { ContractValidator } from '../../../src/protocols/rest/openapi/validate-request.js'

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
  it('reads its body parameter as the body and strips basePath when matching', () => {
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
    const problems = new ContractValidator(index).checkRequest(found.operation, {
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
  it('every operation compiles and an empty object body is checked without throwing', {
    timeout: 60_000,
  }, async () => {
    const index = indexOpenApi((await bundle(join(CORPUS, file))) as never)
    const validator = new ContractValidator(index)
    for (const operation of index.operations) {
      const problems = validator.checkRequest(operation, {
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
})
