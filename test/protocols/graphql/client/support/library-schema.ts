import { EventEmitter, on } from 'node:events'
import { createRequire } from 'node:module'
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql'

// The copy of graphql that @apollo/server and graphql-ws load (CommonJS, from node_modules): under
// vitest a plain `import 'graphql'` resolves to its ESM build, and graphql refuses a schema from another copy.
const { buildSchema, GraphQLError, isObjectType } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql')

/**
 * A small schema unlike the reference server's (books, not items), for
 * testing the client against a stock Apollo server.
 */
export const LIBRARY_SDL = `
"""A book on the shelf."""
type Book {
  id: ID!
  title: String!
  year: Int
  rating: Float
  genre: Genre!
  author: Author!
  """Looked up in a service that is always down: for partial-data tests."""
  isbn: String
}

"""Someone who wrote books."""
type Author {
  id: ID!
  name: String!
}

"""What a book is about."""
enum Genre {
  FICTION
  HISTORY
  SCIENCE
}

"""A new book."""
input BookInput {
  title: String!
  year: Int
  genre: Genre! = FICTION
  tags: [String!]
}

"""Narrows a list of books."""
input BookFilter {
  genre: Genre
  minYear: Int
}

"""The arguments as the server coerced them."""
type Echo {
  text: String
  count: Int
  ratio: Float
  flag: Boolean
  ids: [ID!]
  genre: Genre
  filter: String
}

type Query {
  """Books, optionally filtered."""
  books(genre: Genre, first: Int, filter: BookFilter): [Book!]!
  book(id: ID!): Book
  bookCount: Int!
  """Returns its arguments, to check what arrived."""
  echo(text: String, count: Int, ratio: Float, flag: Boolean, ids: [ID!], genre: Genre, filter: BookFilter): Echo!
  """The server's clock (takes no arguments)."""
  now: String!
}

type Mutation {
  addBook(input: BookInput!): Book!
}

type Subscription {
  bookAdded: Book!
  """Counts down to 1, then completes."""
  countdown(from: Int!): Int!
}
`

interface Book {
  id: string
  title: string
  year: number
  rating: number
  genre: string
  authorId: string
}

export interface Library {
  schema: GraphQLSchema
  books: Book[]
}

/** The schema with resolvers attached (graphql-js style: `resolve`/`subscribe` on the fields). */
export function createLibrary(): Library {
  const books: Book[] = [
    { id: '1', title: 'Dune', year: 1965, rating: 4.5, genre: 'FICTION', authorId: 'a1' },
    { id: '2', title: 'SPQR', year: 2015, rating: 4.1, genre: 'HISTORY', authorId: 'a2' },
    { id: '3', title: 'Cosmos', year: 1980, rating: 4.7, genre: 'SCIENCE', authorId: 'a3' },
  ]
  const authors: Record<string, string> = { a1: 'Frank Herbert', a2: 'Mary Beard', a3: 'Carl Sagan' }
  const feed = new EventEmitter()
  const resolvers: Record<string, Record<string, GraphQLFieldResolver<unknown, unknown>>> = {
    Query: {
      books: (_parent, args) => {
        const { genre, first, filter } = args as {
          genre?: string
          first?: number
          filter?: { genre?: string; minYear?: number }
        }
        return books
          .filter((book) => (genre ? book.genre === genre : true))
          .filter((book) => (filter?.genre ? book.genre === filter.genre : true))
          .filter((book) => (filter?.minYear ? book.year >= filter.minYear : true))
          .slice(0, first ?? books.length)
      },
      book: (_parent, args) => books.find((book) => book.id === (args as { id: string }).id) ?? null,
      bookCount: () => books.length,
      echo: (_parent, args) => {
        const echo = { ...(args as Record<string, unknown>) }
        if (echo.filter !== undefined) echo.filter = JSON.stringify(echo.filter)
        return echo
      },
      now: () => new Date(0).toISOString(),
    },
    Mutation: {
      addBook: (_parent, args) => {
        const input = (args as { input: { title: string; year?: number; genre: string } }).input
        const book: Book = {
          id: String(books.length + 1),
          title: input.title,
          year: input.year ?? 2000,
          rating: 0,
          genre: input.genre,
          authorId: 'a1',
        }
        books.push(book)
        feed.emit('bookAdded', book)
        return book
      },
    },
    Book: {
      author: (parent) => ({ id: (parent as Book).authorId, name: authors[(parent as Book).authorId] }),
      isbn: () => {
        throw new GraphQLError('The ISBN service is down.', { extensions: { code: 'ISBN_UNAVAILABLE' } })
      },
    },
  }
  const schema = buildSchema(LIBRARY_SDL)
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName)
    if (!isObjectType(type)) throw new Error(`no object type ${typeName}`)
    for (const [fieldName, resolve] of Object.entries(fields)) type.getFields()[fieldName]!.resolve = resolve
  }
  const bookAdded = schema.getSubscriptionType()!.getFields().bookAdded!
  bookAdded.subscribe = async function* () {
    for await (const [book] of on(feed, 'bookAdded')) yield { bookAdded: book }
  } as unknown as GraphQLFieldResolver<unknown, unknown>
  const countdown = schema.getSubscriptionType()!.getFields().countdown!
  countdown.subscribe = async function* (_parent: unknown, args: { from: number }) {
    for (let value = args.from; value >= 1; value--) yield { countdown: value }
  } as unknown as GraphQLFieldResolver<unknown, unknown>
  return { schema, books }
}
