import type { ApolloServerPlugin } from '@apollo/server'

const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>apictl reference server: GraphQL</title></head>
<body>
<h1>GraphQL at this address</h1>
<p>POST a JSON body <code>{"query": "..."}</code> with <code>Content-Type: application/json</code>,
or GET <code>?query=...</code> (queries only) with the header <code>apollo-require-preflight: true</code>.
Subscriptions use the graphql-transport-ws protocol on this same path.</p>
<p>From a terminal: <code>apictl gql '{ items(limit: 3) { id name } }'</code>, and
<code>apictl gql schema</code> for the schema. Mutations need HTTP Basic <code>demo:demo</code> or a Bearer token.</p>
</body>
</html>
`

/**
 * What a browser gets for GET /graphql: a static page saying how to query,
 * in place of Apollo's default landing page (which loads Apollo Sandbox
 * from the network).
 */
export function landingPagePlugin(): ApolloServerPlugin {
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html }
        },
      }
    },
  }
}
