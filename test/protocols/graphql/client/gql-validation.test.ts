import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../../../support/run-cli.js'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { type StockApolloServer, startStockApolloServer } from './support/stock-apollo-server.js'

let server: StockApolloServer
let env: Record<string, string | undefined>

beforeAll(async () => {
  server = await startStockApolloServer()
  env = isolatedEnv()
  // Cache the schema once: every case below must then send nothing at all.
  const cached = await runCliInProcess(['gql', 'schema', '-e', server.url], { env })
  expect(cached.code).toBe(0)
})
afterAll(() => server.close())

/** Runs `apictl gql … -e URL` and checks that the server received no request. */
async function rejected(args: string[]) {
  const before = server.requests.length
  const result = await runCliInProcess(['gql', ...args, '-e', server.url], { env })
  expect(result.code, result.stderr).toBe(2)
  expect(server.requests.length).toBe(before)
  expect(result.stdout).toBe('')
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/)
  return result
}

/** The excerpt lines (indented under the error) as graphql-js prints them: the source line, then a caret under `column` (1-based). */
function caretUnder(line: number, text: string, column: number): string {
  const gutter = String(line).length
  return `    ${line} | ${text}\n    ${' '.repeat(gutter)} | ${' '.repeat(column - 1)}^\n`
}

describe('gql validates before sending: exit 2, nothing sent, a caret under the column', () => {
  it('a syntax error', async () => {
    const document = '{ books(first: 2) { id title }'
    const result = await rejected([document])
    expect(result.stderr).toContain('Syntax Error: Expected Name, found <EOF>.')
    expect(result.stderr).toContain('query:1:31')
    expect(result.stderr).toContain(caretUnder(1, document, 31))
  })

  it('an unknown field, with the suggestion graphql-js makes', async () => {
    const document = '{ books(first: 2) { id titel } }'
    const result = await rejected([document])
    expect(result.stderr).toContain('Cannot query field "titel" on type "Book". Did you mean "title"?')
    expect(result.stderr).toContain(caretUnder(1, document, document.indexOf('titel') + 1))
  })

  it('an object field without a sub-selection', async () => {
    const document = '{ books { id author } }'
    const result = await rejected([document])
    expect(result.stderr).toContain('Field "author" of type "Author!" must have a selection of subfields')
    expect(result.stderr).toContain(caretUnder(1, document, document.indexOf('author') + 1))
  })

  it('"3" for an Int argument', async () => {
    const document = '{ books(first: "3") { id } }'
    const result = await rejected([document])
    expect(result.stderr).toContain('Int cannot represent non-integer value: "3"')
    expect(result.stderr).toContain(caretUnder(1, document, document.indexOf('"3"') + 1))
  })

  it('1.5 for an Int argument', async () => {
    const document = '{ books(first: 1.5) { id } }'
    const result = await rejected([document])
    expect(result.stderr).toContain('Int cannot represent non-integer value: 1.5')
    expect(result.stderr).toContain(caretUnder(1, document, document.indexOf('1.5') + 1))
  })

  it('an argument on a field that declares none', async () => {
    const document = '{ now(zone: "UTC") }'
    const result = await rejected([document])
    expect(result.stderr).toContain(
      'Unknown argument "zone" on field "Query.now". Query.now takes no arguments.',
    )
    expect(result.stderr).toContain(caretUnder(1, document, document.indexOf('zone') + 1))
  })

  it('a --var value that does not fit the declared type names the variable and the type', async () => {
    const result = await rejected([
      'query ($first: Int) { books(first: $first) { id } }',
      '--var',
      'first=abc',
    ])
    expect(result.stderr).toContain('$first is declared Int')
    expect(result.stderr).toContain('"abc" is not an Int')
  })

  it('an enum --var outside the enum, with the closest value offered', async () => {
    const result = await rejected(['query ($g: Genre!) { books(genre: $g) { id } }', '--var', 'g=FICTON'])
    expect(result.stderr).toContain(
      '$g is declared Genre!, and "FICTON" is not a Genre value (one of FICTION, HISTORY, SCIENCE)',
    )
    expect(result.stderr).toContain('--var g=FICTION')
  })

  it('a bad value in --variables, with the caret under the variable definition', async () => {
    const document = 'query ($first: Int!) { books(first: $first) { id } }'
    const result = await rejected([document, '--variables', '{"first": "x"}'])
    expect(result.stderr).toContain(
      'Variable "$first" got invalid value "x"; Int cannot represent non-integer value: "x"',
    )
    expect(result.stderr).toContain(caretUnder(1, document, document.indexOf('$first') + 1))
  })

  it('a required variable left out', async () => {
    const result = await rejected(['query ($id: ID!) { book(id: $id) { title } }'])
    expect(result.stderr).toContain('Variable "$id" of required type "ID!" was not provided.')
  })

  it('a --var the operation does not declare', async () => {
    const result = await rejected(['query ($first: Int) { books(first: $first) { id } }', '--var', 'fist=2'])
    expect(result.stderr).toContain('the operation declares no variable $fist. Did you mean "$first"?')
  })

  it('the caret stays under the column in a tab-indented file, on the right line', async () => {
    const file = join(env.HOME!, 'books.graphql')
    writeFileSync(file, 'query Books {\n\tbooks {\n\t\tid\n\t\ttitel\n\t}\n}\n')
    const result = await rejected(['-f', file])
    expect(result.stderr).toContain(`${file}:4:3`)
    expect(result.stderr).toContain('    3 | \t\tid\n    4 | \t\ttitel\n      | \t\t^\n    5 | \t}\n')
  })

  it('several operations without --operation, and an --operation the document lacks', async () => {
    const document = 'query A { bookCount } query B { now }'
    const several = await rejected([document])
    expect(several.stderr).toContain('The document holds 2 operations (A, B); choose one.')
    const unknown = await rejected([document, '--operation', 'C'])
    expect(unknown.stderr).toContain('the document has no operation named "C"')
  })

  it('a mutation with --get, and a subscription sent as a query', async () => {
    const mutation = await rejected(['mutation { addBook(input: {title: "X"}) { id } }', '--get'])
    expect(mutation.stderr).toContain('--get sends queries only')
    const subscription = await rejected(['subscription { bookAdded { id } }'])
    expect(subscription.stderr).toContain('apictl gql subscribe')
  })

  it('an empty document, and no document at all', async () => {
    const empty = await rejected(['  '])
    expect(empty.stderr).toContain('is empty')
    const none = await rejected([])
    expect(none.stderr).toContain('The GraphQL document (stdin) is empty.')
  })

  it('gql validate: exit 0 and "valid" on stderr for a good document, exit 2 for a bad one; nothing executed', async () => {
    const before = server.requests.length
    const good = await runCliInProcess(['gql', 'validate', '{ books { id title } }', '-e', server.url], {
      env,
    })
    expect(good.code).toBe(0)
    expect(good.stderr).toMatch(/^valid: anonymous query in query; checked against the schema of /)
    const bad = await runCliInProcess(['gql', 'validate', '{ books { id titel } }', '-e', server.url], {
      env,
    })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('Did you mean "title"?')
    expect(server.requests.length).toBe(before)
  })
})
