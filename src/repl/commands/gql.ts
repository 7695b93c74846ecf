import type { ReplCommand } from '../command.js'
import { GQL_LINE_OPTIONS } from '../lines/line-options.js'

/** `gql { items { id } }`: a GraphQL document, continued on further lines until its braces balance. */
export const gqlCommand: ReplCommand = {
  name: 'gql',
  synopsis: 'gql [OPTIONS] DOCUMENT',
  summary: 'a query or mutation, checked against the schema; continues until its braces balance',
  help: `The document continues on the next lines until its braces balance.
Variables declared by the document are taken from var (var id=1).
Options go before the document or after its closing brace.
Examples:
  gql { items(limit: 3) { id name price } }
  gql query ($id: ID!) { item(id: $id) { name reviews { rating } } }
  gql mutation { createItem(input: {name: "Pen", price: 2.5}) { id } }      (after .auth basic demo:demo)
  gql { item(id: "{{last.id}}") { name } } -o json
  gql -e http://localhost:4000/graphql -o json { items { id } }`,
  group: 'gql',
  options: GQL_LINE_OPTIONS,
  input: 'text',
  request: true,
  async run(input, session, ctx) {
    const { runGraphQLText } = await import('../lines/graphql-document.js')
    return runGraphQLText(input.text, session, ctx)
  },
}
