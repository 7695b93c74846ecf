import { execute, type GraphQLSchema, getOperationAST, parse, validate } from 'graphql'
import { compileQuery, isCompiledQuery } from 'graphql-jit'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { worthCompiling } from '../../../../src/protocols/graphql/server/compiled-queries-plugin.js'
import { ItemsDataSource } from '../../../../src/protocols/graphql/server/items-data-source.js'
import {
  type StartedApolloServer,
  startApolloServer,
} from '../../../../src/protocols/graphql/server/start-apollo-server.js'
import { Store } from '../../../../src/server/kit/store.js'
import { loadSeed } from '../../../../src/server/reference/seed.js'

// One graphql, as in production (see graphql-queries.test.ts).
vi.mock('graphql', () => import('graphql/index.js'))

/** mulberry32: the same documents on every run. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const aliases = [
  'a',
  'b',
  'x1',
  '_',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
  '__proto__',
]
const itemScalars = [
  'id',
  'name',
  'description',
  'price',
  'quantity',
  'tags',
  'createdAt',
  'updatedAt',
  '__typename',
]
const reviewScalars = ['id', 'rating', 'comment', 'author', '__typename']

/** A random query on the reference schema: aliases, arguments, variables, directives, fragments. */
function randomDocument(next: () => number): { query: string; variables: Record<string, unknown> } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const variables: Record<string, unknown> = {}
  const definitions: string[] = []
  const fragments: string[] = []
  const withDirectives = next() < 0.25 // compiled code leaves these documents to graphql-js
  const alias = () => (next() < 0.3 ? `${pick(aliases)}: ` : '')
  const directive = () => {
    if (!withDirectives || next() > 0.2) return ''
    if (next() < 0.5) return ` @${pick(['include', 'skip'])}(if: ${pick(['true', 'false'])})`
    const name = `flag${definitions.length}`
    definitions.push(`$${name}: Boolean!`)
    variables[name] = next() < 0.5
    return ` @${pick(['include', 'skip'])}(if: $${name})`
  }
  const selection = (scalars: readonly string[], nested: boolean): string => {
    const parts: string[] = []
    const count = 1 + Math.floor(next() * 5)
    for (let index = 0; index < count; index++) {
      const roll = next()
      if (nested && roll < 0.15)
        parts.push(`${alias()}reviews${directive()} { ${selection(reviewScalars, false)} }`)
      else if (nested && roll < 0.22) {
        const name = `F${fragments.length}`
        fragments.push(`fragment ${name} on Item { ${selection(itemScalars, false)} }`)
        parts.push(`...${name}`)
      } else if (nested && roll < 0.28)
        parts.push(`... on Item${directive()} { ${selection(itemScalars, false)} }`)
      else parts.push(`${alias()}${pick(scalars)}${directive()}`)
    }
    return parts.join(' ')
  }
  const argument = (name: string, values: readonly unknown[], type: string): string => {
    const value = pick(values)
    if (next() < 0.4) {
      const variable = `${name}${definitions.length}`
      definitions.push(`$${variable}: ${type}`)
      variables[variable] = value
      return `${name}: $${variable}`
    }
    return `${name}: ${JSON.stringify(value)}`
  }
  const roots: string[] = []
  const rootCount = 1 + Math.floor(next() * 3)
  for (let index = 0; index < rootCount; index++) {
    const roll = next()
    const key = `r${index}: `
    if (roll < 0.45) {
      const args = [
        next() < 0.6 ? argument('limit', [1, 3, 20, 100], 'Int') : '',
        next() < 0.4 ? argument('page', [1, 2, 1000], 'Int') : '',
        next() < 0.3 ? argument('tag', ['office', 'kitchen', 'none'], 'String') : '',
      ].filter(Boolean)
      roots.push(
        `${key}items${args.length ? `(${args.join(', ')})` : ''} { ${selection(itemScalars, true)} }`,
      )
    } else if (roll < 0.85) {
      roots.push(
        `${key}item(${argument('id', ['1', '2', '7', 'missing'], 'ID!')}) { ${selection(itemScalars, true)} }`,
      )
    } else {
      roots.push(`${key}itemCount${next() < 0.5 ? `(${argument('tag', ['office', 'none'], 'String')})` : ''}`)
    }
  }
  const header = definitions.length ? `query Fuzz(${definitions.join(', ')})` : 'query Fuzz'
  return { query: `${header} { ${roots.join(' ')} } ${fragments.join(' ')}`, variables }
}

describe('compiled queries against graphql-js, 800 random documents', () => {
  let started: StartedApolloServer
  let schema: GraphQLSchema
  let store: Store

  beforeAll(async () => {
    started = await startApolloServer('/graphql')
    schema = started.schema
    store = new Store(await loadSeed())
  })
  afterAll(() => started.apollo.stop())

  it('gives the same answer whenever compiled code would answer (no errors)', async () => {
    const next = random(14)
    let compared = 0
    for (let round = 0; round < 800; round++) {
      const { query, variables } = randomDocument(next)
      const document = parse(query)
      if (validate(schema, document).length > 0) continue // e.g. one alias on two fields
      const operation = getOperationAST(document, 'Fuzz')!
      const contextValue = () => ({
        dataSources: { items: new ItemsDataSource(store) },
        user: null,
        authProblem: 'none',
      })
      const interpreted = await execute({
        schema,
        document,
        variableValues: variables,
        contextValue: contextValue(),
      })
      if (!worthCompiling(document, operation)) continue
      const compiled = compileQuery(schema, document, 'Fuzz')
      expect(isCompiledQuery(compiled), query).toBe(true)
      if (!isCompiledQuery(compiled)) continue
      const answer = await compiled.query(undefined, contextValue(), variables)
      if (answer.errors?.length) continue // the plugin answers these through graphql-js
      expect(interpreted.errors, query).toBeUndefined()
      expect(JSON.stringify(answer.data), query).toBe(JSON.stringify(interpreted.data))
      compared++
    }
    expect(compared).toBeGreaterThan(400)
  })
})
