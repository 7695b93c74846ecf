/** Bounds on the documents the server accepts, checked before anything runs (HTTP and WebSocket alike). */
export const documentLimits = {
  /** Lexer tokens per document: far more than any real one needs (the full introspection query has about 400). */
  maxTokens: 10_000,
  /** The deepest field nesting an operation may have (`{ a { b } }` is 2). */
  maxDepth: 12,
  /** The limit below an introspection field (`__schema`, `__type`): the standard introspection query is 15 deep. */
  maxIntrospectionDepth: 20,
  /** Aliased fields per operation: enough to fetch a few pages or items side by side. */
  maxAliases: 30,
  /** Fields per operation, fragments counted at each spread (the standard introspection query has 220 to 229). */
  maxFields: 500,
  /** Estimated values resolved per operation: a page of 100 items with every field and their reviews costs 4,901. */
  maxCost: 10_000,
  /** The largest `limit` the API takes (items); a limit passed as a variable is counted as this. */
  maxListLimit: 100,
  /** The number of entries assumed for a list without a `limit` argument (an item's reviews). */
  assumedListSize: 10,
  /** Documents a client address may have refused (over a bound, or not parsing) before it must wait. */
  refusalBurst: 20,
  /** After the burst, one more refused document per this many milliseconds. */
  refusalRefillMs: 1000,
} as const
