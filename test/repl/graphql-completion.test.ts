import { buildSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { completeGraphQL } from '../../src/repl/complete/graphql-completion.js'

const schema = buildSchema(`
  enum Genre { FICTION HISTORY }
  input Filter { genre: Genre, tags: [Genre!], inPrint: Boolean }
  type Book { id: ID!, title: String, genre: Genre }
  type Film { id: ID!, minutes: Int }
  union Work = Book | Film
  interface Node { id: ID! }
  type Query {
    books(genre: Genre, inPrint: Boolean, filter: Filter): [Book!]!
    works: [Work!]!
    node(id: ID!): Node
  }
`)

const at = (text: string) => completeGraphQL(schema, text)

describe('GraphQL completion: the walk over a partly typed document', () => {
  it('offers the operation keywords at the top, and the root fields inside the first braces', () => {
    expect(at('').candidates).toEqual(['query', 'mutation', 'subscription', 'fragment'])
    expect(at('query Q($g: Genre) { ')).toEqual({
      candidates: ['books', 'works', 'node', '__typename'],
      partial: '',
    })
  })

  it('offers enum values and booleans for a value, in arguments, input objects and lists', () => {
    expect(at('{ books(genre: ').candidates).toEqual(['FICTION', 'HISTORY'])
    expect(at('{ books(genre: HI')).toEqual({ candidates: ['FICTION', 'HISTORY'], partial: 'HI' })
    expect(at('{ books(inPrint: ').candidates).toEqual(['true', 'false'])
    expect(at('{ books(filter: {genre: ').candidates).toEqual(['FICTION', 'HISTORY'])
    expect(at('{ books(filter: {tags: [FICTION, ').candidates).toEqual(['FICTION', 'HISTORY'])
    expect(at('{ books(filter: {tags: [FICTION], ').candidates).toEqual(['genre:', 'inPrint:'])
    expect(at('{ books(genre: $').candidates).toEqual([])
    expect(at('{ books(genre: $g').partial).toBe('$g')
  })

  it('follows aliases, inline fragments on union members and interface fields', () => {
    expect(at('{ first: books { ti').candidates).toContain('title')
    expect(at('{ works { ').candidates).toEqual(['__typename', '... on Book', '... on Film'])
    expect(at('{ works { ... on Film { ').candidates).toEqual(['id', 'minutes', '__typename'])
    expect(at('{ node(id: 1) { ').candidates).toEqual(['id', '__typename'])
    expect(at('fragment F on Book { ').candidates).toEqual(['id', 'title', 'genre', '__typename'])
  })

  it('knows nothing below an unknown field, rather than guessing', () => {
    expect(at('{ nothing { ').candidates).toEqual([])
    expect(at('{ books { title { ').candidates).toEqual([])
  })
})
