import { buildSchema } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv, runCli } from '../../../support/run-cli.js'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { type RunningCli, startCli, waitFor } from './support/wait-for.js'

let reference: RunningCli
let endpoint: string
const env = isolatedEnv()

/** GraphQL requests the reference server has logged so far (`POST /graphql 200 3.1ms`). */
const graphqlRequests = () =>
  reference
    .stderr()
    .split('\n')
    .filter((line) => /^(GET|POST) \/graphql/.test(line)).length

beforeAll(async () => {
  reference = startCli(['serve', '--port', '0'], isolatedEnv())
  await waitFor(() => /listening on (http:\/\/\S+)/.test(reference.stderr()), 'the reference server')
  endpoint = `${/listening on (http:\/\/\S+)/.exec(reference.stderr())![1]}/graphql`
  const schema = await runCliInProcess(['gql', 'schema', '-e', endpoint], { env })
  expect(schema.code, schema.stderr).toBe(0)
})
afterAll(async () => {
  reference.child.kill('SIGTERM')
  await reference.exited
})

const gql = (args: string[]) => runCliInProcess(['gql', ...args, '-e', endpoint], { env })

describe('gql against the reference server', () => {
  it('as a new user would: the built-in profile, nothing configured', async () => {
    const result = await runCliInProcess(['gql', '{ items(limit: 3) { id name } }'], { env: isolatedEnv() })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('started the built-in reference server')
    const { items } = JSON.parse(result.stdout) as { items: Array<{ id: string; name: string }> }
    expect(items).toHaveLength(3)
    expect(items[0]).toEqual({ id: expect.any(String), name: expect.any(String) })
  })

  it('a typo in a field name: the caret, the suggestion, exit 2, nothing sent', async () => {
    const before = graphqlRequests()
    const document = '{ items(limit: 3) { id nme } }'
    const result = await gql([document])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Cannot query field "nme" on type "Item". Did you mean "name"?')
    expect(result.stderr).toContain(`    1 | ${document}\n      | ${' '.repeat(document.indexOf('nme'))}^`)
    const wrongType = await gql(['{ items(limit: "3") { id } }'])
    expect(wrongType.code).toBe(2)
    const noArguments = await gql(['{ itemCount(tag: "a", x: 1) }'])
    expect(noArguments.code).toBe(2)
    expect(noArguments.stderr).toContain('Unknown argument "x" on field "Query.itemCount".')
    expect(graphqlRequests()).toBe(before)
  })

  it('--var values are coerced by their declared types', async () => {
    const result = await gql([
      'query Office($limit: Int, $tag: String) { items(limit: $limit, tag: $tag) { id tags } }',
      '--var',
      'limit=2',
      '--var',
      'tag=office',
    ])
    expect(result.code, result.stderr).toBe(0)
    const { items } = JSON.parse(result.stdout) as { items: Array<{ tags: string[] }> }
    expect(items.length).toBeGreaterThan(0)
    expect(items.length).toBeLessThanOrEqual(2)
    for (const item of items) expect(item.tags).toContain('office')
  })

  it('a mutation without credentials: exit 4, the null field on stdout, UNAUTHENTICATED on stderr; with them it runs', async () => {
    const document = 'mutation ($input: ItemInput!) { createItem(input: $input) { id name } }'
    const refused = await gql([document, '--var', 'input={"name": "Desk lamp", "price": 19.5}'])
    expect(refused.code).toBe(4)
    expect(JSON.parse(refused.stdout)).toEqual({ createItem: null })
    expect(refused.stderr).toContain('code:  UNAUTHENTICATED')
    expect(refused.stderr).toContain('path:  createItem')
    const created = await gql([
      document,
      '--var',
      'input={"name": "Desk lamp", "price": 19.5}',
      '--user',
      'demo:demo',
    ])
    expect(created.code, created.stderr).toBe(0)
    expect(JSON.parse(created.stdout).createItem).toMatchObject({ name: 'Desk lamp' })
  })

  it('--get runs a query as GET; -o table lists the items', async () => {
    // Spawned: in-process (src unbundled under vitest) this request went out as POST.
    const result = await runCli(
      ['gql', '{ items(limit: 2) { id name price } }', '--get', '-o', 'table', '-e', endpoint],
      { env },
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/│ id\s+│ name\s+│ price\s+│/)
    expect(reference.stderr()).toMatch(/^GET \/graphql\?query=/m)
  })

  it('-o table shows every root field: scalars together, each list or object under its name', async () => {
    const result = await gql([
      '{ itemCount a: items(limit: 2) { id } b: item(id: "1") { id name } }',
      '-o',
      'table',
    ])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/│ itemCount\s+│ \d+\s+│/)
    expect(result.stdout).toMatch(/^a\n┌/m)
    expect(result.stdout).toMatch(/^b\n┌/m)
    expect(result.stdout).toMatch(/│ name\s+│ Mechanical Keyboard\s+│/)
  })

  it('gql schema prints SDL with descriptions that parses back', async () => {
    const schema = await runCliInProcess(['gql', 'schema', '-e', endpoint], { env })
    expect(schema.code).toBe(0)
    expect(schema.stdout).toContain('"""One page of items, in the order they were created."""')
    const parsed = buildSchema(schema.stdout)
    expect(parsed.getQueryType()?.getFields().items?.description).toBeTruthy()
    expect(parsed.getType('Item')).toBeDefined()
  })
})
