import { buildSchema, getIntrospectionQuery, parse, specifiedRules, validate } from 'graphql'
import { describe, expect, it } from 'vitest'
import { typeDefs } from '../../../../src/protocols/graphql/schema/type-defs.js'
import {
  type CostLimits,
  costErrors,
  costLimitRule,
} from '../../../../src/protocols/graphql/server/cost-limit-rule.js'
import { documentLimits } from '../../../../src/protocols/graphql/server/document-limits.js'

const schema = buildSchema(typeDefs)
const counting: CostLimits = { ...documentLimits, maxAliases: 0, maxFields: 0, maxCost: 0 }

/** The figures the rule finds for a document: { aliases, fields, cost } of its (first) operation. */
function figures(document: string): Record<string, unknown> {
  const found: Record<string, unknown> = {}
  for (const error of costErrors(schema, parse(document), counting)) {
    found[error.extensions.limit as string] = error.extensions.found
  }
  return { aliases: 0, fields: 0, cost: 0, ...found }
}

const allItemFields = 'id name description price quantity tags createdAt updatedAt'

describe('costLimitRule', () => {
  it('counts every field once, and the fields under a list once per item its limit allows', () => {
    expect(figures('{ itemCount }')).toEqual({ aliases: 0, fields: 1, cost: 1 })
    expect(figures('{ items(limit: 100) { id name } }')).toEqual({ aliases: 0, fields: 3, cost: 201 })
    // No limit: the schema's default (20); a variable: the most the API takes (100).
    expect(figures('{ items { id } }').cost).toBe(21)
    expect(figures('query($n: Int) { items(limit: $n) { id } }').cost).toBe(101)
    // A limit the API refuses anyway counts as its maximum (the API's own error is clearer).
    expect(figures('{ items(limit: 5000) { id } }').cost).toBe(101)
    // A list without a limit argument (an item's reviews) counts as 10.
    expect(figures('{ item(id: "1") { reviews { id rating } } }').cost).toBe(1 + 1 + 10 * 2)
    expect(figures('{ items(limit: 100) { tags } }').cost).toBe(101)
  })

  it('counts aliases, and fragments again at each spread', () => {
    const document = `
      { a: items(limit: 10) { ...F } b: items(limit: 10) { ...F ... on Item { c: name } } }
      fragment F on Item { x: id name }
    `
    expect(figures(document)).toEqual({ aliases: 5, fields: 7, cost: 1 + 10 * 2 + 1 + 10 * 3 })
  })

  it('refuses 400 aliases of items(limit: 100), naming the bound, the figure and the limit', () => {
    const document = `{ ${Array.from({ length: 400 }, (_, i) => `a${i}: items(limit: 100) { id name description price tags }`).join(' ')} }`
    expect(document.length).toBeGreaterThan(22_000)
    const errors = costErrors(schema, parse(document))
    expect(errors.map((error) => error.message)).toEqual([
      'the operation has 400 aliased fields; this server allows at most 30',
      'the operation selects 2,400 fields (fragments counted at each spread); this server allows at most 500',
      'the operation would resolve about 200,400 values (each field 1, and the fields under a list once per item its limit allows); this server allows at most 10,000',
    ])
    expect(errors[0]!.extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: 'aliases',
      found: 400,
      allowed: 30,
    })
  })

  it('accepts what real clients send: a full page with reviews, and the full introspection query', () => {
    const page = `{ items(limit: 100) { ${allItemFields} reviews { id rating comment author } } itemCount }`
    expect(costErrors(schema, parse(page))).toEqual([])
    expect(figures(page).cost).toBe(1 + 100 * (8 + 1 + 10 * 4) + 1)
    const introspection = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
    })
    expect(costErrors(schema, parse(introspection))).toEqual([])
    expect(figures(introspection).fields).toBeLessThan(documentLimits.maxFields / 2)
  })

  it('refuses many fields of one name (which graphql-js would compare pairwise) and stays out of fragment cycles', () => {
    const repeated = `{ items { ${'id '.repeat(3000)} } }`
    expect(costErrors(schema, parse(repeated)).map((error) => error.extensions.limit)).toEqual([
      'fields',
      'cost',
    ])
    const cycle = '{ items { ...A } } fragment A on Item { ...B } fragment B on Item { id ...A }'
    expect(costErrors(schema, parse(cycle))).toEqual([])
  })

  it('is a validation rule that walks the document once, beside the specified rules', () => {
    const document = parse(`{ ${Array.from({ length: 40 }, (_, i) => `a${i}: itemCount`).join(' ')} }`)
    const errors = validate(schema, document, [...specifiedRules, costLimitRule()])
    expect(errors.map((error) => error.message)).toEqual([
      'the operation has 40 aliased fields; this server allows at most 30',
    ])
  })
})
