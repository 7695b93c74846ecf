import { readFileSync } from 'node:fs'
import { buildSchema, parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { scanAliasErrors } from '../../../../src/protocols/graphql/server/alias-scan.js'
import { costErrors } from '../../../../src/protocols/graphql/server/cost-limit-rule.js'
import { documentLimits } from '../../../../src/protocols/graphql/server/document-limits.js'

const schema = buildSchema(
  readFileSync(new URL('../../../../fixtures/graphql/schema.graphql', import.meta.url), 'utf8'),
)
const aliased = (count: number, selection = 'items(limit: 100) { id }') =>
  Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(' ')
const max = documentLimits.maxAliases

/** What the full cost rule says about the aliases of a document. */
const ruleAliases = (text: string) =>
  costErrors(schema, parse(text))
    .filter((error) => error.extensions.limit === 'aliases')
    .map((error) => error.message)

describe('the alias scan, before any parse', () => {
  it('refuses what the cost rule refuses, with the same message, place and figures', () => {
    for (const text of [
      `{ ${aliased(400)} }`,
      `query Big {\n  ${aliased(31)}\n}`,
      `query Small { a: itemCount }\n\nmutation Many { ${aliased(40, 'deleteItem(id: "1")')} }`,
    ]) {
      const scanned = scanAliasErrors(text, max)
      expect(scanned.map((error) => error.message)).toEqual(ruleAliases(text))
      const [first] = scanned
      const rule = costErrors(schema, parse(text)).find((error) => error.extensions.limit === 'aliases')!
      expect(first!.locations).toEqual(rule.locations)
      expect(first!.extensions).toEqual(rule.extensions)
    }
    expect(scanAliasErrors(`{ ${aliased(400)} }`, max)[0]!.message).toBe(
      'the operation has 400 aliased fields; this server allows at most 30',
    )
  })

  it('counts no colon in arguments, variables, strings, block strings or comments', () => {
    const colons = Array.from({ length: 40 }, (_, i) => `k${i}: 1`).join(', ')
    const text = `query Q($a: Int = 1, $b: ItemInput = {name: "x: y", price: 2}) {
      # a: b c: d e: f ${'g: h '.repeat(40)}
      items(limit: $a, filter: {${colons}}) @include(if: true) { id name }
      s: item(id: "${'x: '.repeat(40)}") { id }
      t: item(id: """${'y: '.repeat(40)} \\""" z: """) { id }
    }`
    expect(scanAliasErrors(text, max)).toEqual([])
    expect(scanAliasErrors(text, 1).map((error) => error.extensions.found)).toEqual([2])
  })

  it('counts each operation on its own, fragments not at all; a spread makes it "at least"', () => {
    const twoOperations = `query A { ${aliased(20)} } query B { ${aliased(20)} }`
    expect(scanAliasErrors(twoOperations, max)).toEqual([])
    expect(ruleAliases(twoOperations)).toEqual([])
    const fragment = `fragment F on Query { ${aliased(40)} } query A { ...F }`
    expect(scanAliasErrors(fragment, max)).toEqual([])
    expect(ruleAliases(fragment)).toHaveLength(1)
    const spread = `query A { ...F ${aliased(31)} } fragment F on Query { b: itemCount }`
    expect(scanAliasErrors(spread, max)[0]!.message).toBe(
      'operation "A" has at least 31 aliased fields; this server allows at most 30',
    )
    expect(ruleAliases(spread)[0]).toMatch(/has 32 aliased fields/)
  })

  it('leaves what it cannot read to the parser', () => {
    for (const text of [
      `{ ${aliased(40)}`,
      `{ ${aliased(40)} } }`,
      `{ a(x: "open ${aliased(40)} }`,
      `{ ${aliased(40)} ) }`,
    ]) {
      expect(scanAliasErrors(text, max)).toEqual([])
    }
  })
})
