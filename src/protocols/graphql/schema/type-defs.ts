/**
 * The reference server's GraphQL schema (SPEC §7) as SDL: Apollo's
 * `typeDefs`. Plain text, so anything can import it without loading graphql;
 * fixtures/graphql/schema.graphql is this schema as graphql-js prints it.
 */
export const typeDefs = /* GraphQL */ `
"""
The apictl reference server's GraphQL API: the same items and reviews that
REST serves at /v1/items and SOAP at /soap. Reads are open; mutations need
HTTP Basic demo:demo or a Bearer token.
"""
schema {
  query: Query
  mutation: Mutation
  subscription: Subscription
}

"Reads. Open to everyone."
type Query {
  "One page of items, in the order they were created."
  items(
    "Which page, from 1."
    page: Int = 1
    "Items per page, from 1 to 100."
    limit: Int = 20
    "Only items carrying this tag, e.g. \\"office\\"."
    tag: String
  ): [Item!]!

  "One item, or null when there is none with this id."
  item(
    "The item's id, e.g. \\"1\\"."
    id: ID!
  ): Item

  "How many items there are (with the tag, when one is given)."
  itemCount(
    "Count only items carrying this tag."
    tag: String
  ): Int!
}

"Writes. Each needs HTTP Basic demo:demo or a Bearer token, else fails with UNAUTHENTICATED; a field is null when its write failed (see errors)."
type Mutation {
  "Adds an item; the server assigns its id and timestamps."
  createItem(
    "The new item's fields."
    input: ItemInput!
  ): Item

  "Changes some fields of an item (NOT_FOUND when there is no such item)."
  updateItem(
    "The item to change."
    id: ID!
    "The fields to change; fields left out keep their value."
    input: ItemPatch!
  ): Item

  "Deletes an item and its reviews, and returns it as it was (NOT_FOUND when there is no such item)."
  deleteItem(
    "The item to delete."
    id: ID!
  ): Item

  "Adds a review to an item (NOT_FOUND when there is no such item)."
  addReview(
    "The item reviewed."
    itemId: ID!
    "The review."
    input: ReviewInput!
  ): Review
}

"Live events, over the graphql-transport-ws protocol (graphql-ws) on this same path."
type Subscription {
  "Every change to an item from now on, whichever style made it (GraphQL, REST or SOAP)."
  itemChanged: ItemChange!
}

"Something for sale."
type Item {
  "Assigned by the server, e.g. \\"1\\"."
  id: ID!
  "What the item is called (1 to 200 characters)."
  name: String!
  "Free text about the item, or null when it has none."
  description: String
  "The price, a number of at least 0."
  price: Float!
  "How many are in stock, a whole number of at least 0."
  quantity: Int!
  "Labels to filter by, e.g. \\"office\\"; may be empty."
  tags: [String!]!
  "When the item was created (ISO 8601, UTC)."
  createdAt: String!
  "When the item last changed (ISO 8601, UTC)."
  updatedAt: String!
  "What people said about the item, oldest first."
  reviews: [Review!]!
}

"What someone said about an item."
type Review {
  "Assigned by the server."
  id: ID!
  "From 1 (poor) to 5 (excellent)."
  rating: Int!
  "What the reviewer wrote, or null."
  comment: String
  "Who wrote the review."
  author: String!
}

"The fields of a new item."
input ItemInput {
  "Required, 1 to 200 characters."
  name: String!
  "Free text (up to 5000 characters), or null for none."
  description: String
  "Required, a number of at least 0."
  price: Float!
  "How many are in stock; 0 when left out or null."
  quantity: Int = 0
  "Labels (at most 50, each 1 to 50 characters); none when left out or null."
  tags: [String!] = []
}

"Changes to an item, applied as a JSON merge patch: fields left out keep their value, null clears an optional one."
input ItemPatch {
  "A new name (1 to 200 characters)."
  name: String
  "New free text; null removes the description."
  description: String
  "A new price, at least 0."
  price: Float
  "A new stock count; null sets it to 0."
  quantity: Int
  "New labels, replacing the old ones; null removes them all."
  tags: [String!]
}

"A new review."
input ReviewInput {
  "From 1 (poor) to 5 (excellent)."
  rating: Int!
  "What the reviewer says (up to 2000 characters), or null."
  comment: String
  "Who writes the review (1 to 100 characters)."
  author: String!
}

"What happened to an item."
enum ChangeType {
  "The item was just created."
  CREATED
  "Some of the item's fields changed, or it got a new review."
  UPDATED
  "The item was deleted; the event carries it as it was."
  DELETED
}

"One change to the store, as itemChanged tells it."
type ItemChange {
  "Created, updated or deleted."
  type: ChangeType!
  "The item after the change (for DELETED: as it was before)."
  item: Item!
}
`
