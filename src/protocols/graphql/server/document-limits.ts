/** Bounds on the documents the server accepts, checked before anything runs (HTTP and WebSocket alike). */
export const documentLimits = {
  /** Lexer tokens per document: far more than any real one needs (the full introspection query has about 400). */
  maxTokens: 10_000,
  /** The deepest field nesting an operation may have (`{ a { b } }` is 2). */
  maxDepth: 12,
  /** The limit below an introspection field (`__schema`, `__type`): the standard introspection query is 15 deep. */
  maxIntrospectionDepth: 20,
} as const
