import { buildSchema, parse, specifiedRules, validate } from 'graphql'
import { describe, expect, it } from 'vitest'
import { depthLimitRule } from '../../../../src/protocols/graphql/server/depth-limit-rule.js'

const schema = buildSchema(`
  type Query { node: Node }
  type Node { name: String, child: Node, other: Node }
`)

function messages(document: string, limits = { maxDepth: 12, maxIntrospectionDepth: 20 }): string[] {
  return validate(schema, parse(document), [depthLimitRule(limits)]).map((error) => error.message)
}

/** `{ node { child { … name } } }` with `depth` fields on the deepest path. */
function chain(depth: number): string {
  let selection = 'name'
  for (let level = 2; level < depth; level++) selection = `child { ${selection} }`
  return `{ node { ${selection} } }`
}

describe('depthLimitRule', () => {
  it('accepts 12 levels and refuses 13', () => {
    expect(messages(chain(12))).toEqual([])
    expect(messages(chain(13))).toEqual(['the operation nests fields 13 deep; this server allows at most 12'])
  })

  it('names the operation and takes the deepest path', () => {
    const document =
      'query Deep { node { name other { name } child { child { child { child { name } } } } } }'
    expect(messages(document, { maxDepth: 4, maxIntrospectionDepth: 20 })).toEqual([
      'operation "Deep" nests fields 6 deep; this server allows at most 4',
    ])
  })

  it('counts through fragment spreads and inline fragments', () => {
    const document = `
      query { node { ...A } }
      fragment A on Node { child { ... on Node { child { ...B } } } }
      fragment B on Node { child { name } }
    `
    expect(messages(document, { maxDepth: 5, maxIntrospectionDepth: 20 })).toEqual([])
    expect(messages(document, { maxDepth: 4, maxIntrospectionDepth: 20 })).toEqual([
      'the operation nests fields 5 deep; this server allows at most 4',
    ])
  })

  it('measures each fragment once, so a document that spreads fragments exponentially is quick', () => {
    const fragments = Array.from(
      { length: 40 },
      (_, index) =>
        `fragment F${index} on Node { name child { ...F${index + 1} } other { ...F${index + 1} } }`,
    )
    fragments.push('fragment F40 on Node { name }')
    const document = `{ node { ...F0 } } ${fragments.join('\n')}`
    const started = performance.now()
    expect(messages(document)).toEqual(['the operation nests fields 42 deep; this server allows at most 12'])
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('stops at a fragment cycle (another rule reports it)', () => {
    const document = '{ node { ...A } } fragment A on Node { child { ...A } }'
    expect(messages(document)).toEqual([])
    const all = validate(schema, parse(document), [...specifiedRules, depthLimitRule()])
    expect(all.map((error) => error.message)).toEqual(['Cannot spread fragment "A" within itself.'])
  })

  it('gives introspection its own, larger limit', () => {
    let selection = 'name'
    for (let level = 0; level < 15; level++) selection = `ofType { ${selection} }`
    const document = `{ __type(name: "Node") { ${selection} } node { name } }`
    expect(messages(document)).toEqual([])
    expect(messages(document, { maxDepth: 12, maxIntrospectionDepth: 16 })).toEqual([
      'the operation nests introspection fields 17 deep; this server allows at most 16',
    ])
  })
})
