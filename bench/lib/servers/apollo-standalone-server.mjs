// A stock Apollo Server 5 (`startStandaloneServer`, default options) with a small
// schema serving item 1 of fixtures/seed/items.json: the baseline for the
// reference server's GraphQL throughput (bench/lib/graphql-throughput.mjs).
// usage: node apollo-standalone-server.mjs   prints `listening URL` once it listens.
import { readFile } from 'node:fs/promises'
import { ApolloServer } from '@apollo/server'
import { startStandaloneServer } from '@apollo/server/standalone'

const seed = JSON.parse(await readFile(new URL('../../../fixtures/seed/items.json', import.meta.url), 'utf8'))
const items = new Map(seed.map(({ reviews: _reviews, ...item }) => [item.id, item]))

const typeDefs = `#graphql
  "Something for sale."
  type Item {
    id: ID!
    name: String!
    description: String
    price: Float!
    quantity: Int!
    tags: [String!]!
    createdAt: String!
    updatedAt: String!
  }
  type Query {
    "One item, or null."
    item(id: ID!): Item
  }
`
const resolvers = { Query: { item: (_parent, { id }) => items.get(id) ?? null } }

const server = new ApolloServer({ typeDefs, resolvers })
const { url } = await startStandaloneServer(server, { listen: { port: 0, host: '127.0.0.1' } })
process.stdout.write(`listening ${url.replace(/\/$/, '')}\n`)
