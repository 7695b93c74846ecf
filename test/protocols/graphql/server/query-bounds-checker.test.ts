// The HTTP handler's memory of query texts found within the bounds (issue 14): a text seen before
// is not parsed and walked again, a refused one always is, and the memory stays bounded.
import { buildSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { typeDefs } from '../../../../src/protocols/graphql/schema/type-defs.js'
import { createQueryBoundsChecker } from '../../../../src/protocols/graphql/server/document-bounds.js'

const schema = buildSchema(typeDefs)
const accepted = '{ items(limit: 5) { id name reviews { rating } } }'
/** Fields nested 14 deep (the bound is 12). */
const tooDeep = `{ ${'a { '.repeat(13)}b${' }'.repeat(13)} }`

describe('createQueryBoundsChecker', () => {
  it('answers what checkQueryBounds answers: accepted, refused with the bound, or not parsed', () => {
    const check = createQueryBoundsChecker(schema)
    expect(check(accepted)).toEqual({ errors: [], parsed: true })
    expect(check(accepted)).toEqual({ errors: [], parsed: true })
    const refused = check(tooDeep)
    expect(refused.parsed).toBe(true)
    expect(refused.errors[0]?.message).toMatch(/nests fields 14 deep; this server allows at most 12/)
    expect(check('{ items { id ')).toEqual({ errors: [], parsed: false })
  })

  it('remembers accepted texts only, so a refused one is refused again every time', () => {
    const check = createQueryBoundsChecker(schema)
    const first = check(tooDeep)
    const second = check(tooDeep)
    expect(second.errors).toHaveLength(1)
    // Each refusal is a fresh check (its own error objects), never a remembered answer.
    expect(second.errors[0]).not.toBe(first.errors[0])
  })

  it('keeps at most maxEntries texts (the oldest dropped first) and none longer than maxCharacters', () => {
    const check = createQueryBoundsChecker(schema, { maxEntries: 2, maxCharacters: 1000 })
    const [a, b, c] = ['{ itemCount }', '{ items { id } }', '{ item(id: "1") { name } }']
    check(a)
    check(b)
    const remembered = check(b) // the shared answer for a remembered text
    expect(check(a)).toBe(remembered)
    check(c) // a third text: the first one in, a, is dropped
    expect(check(a)).not.toBe(remembered)
    expect(check(c)).toBe(remembered)
    const long = `{ ${'itemCount '.repeat(120)}}`
    expect(long.length).toBeGreaterThan(1000)
    check(long)
    expect(check(long)).not.toBe(remembered)
  })
})
