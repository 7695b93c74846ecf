import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/server/reference/start-server.js'
import { isolatedEnv } from '../support/run-cli.js'
import { normalise, runReplScript } from './support/run-repl-script.js'

/** A profile without a GraphQL endpoint, so a gql line only works with its own -e. */
function envWithoutGraphql(rest: string) {
  const env = isolatedEnv({ NO_COLOR: '1' })
  mkdirSync(env.APICTL_CONFIG_DIR!, { recursive: true })
  writeFileSync(
    join(env.APICTL_CONFIG_DIR!, 'config.json'),
    JSON.stringify({ version: 1, profiles: { plain: { rest } } }),
  )
  return env
}

describe('gql lines take options before the document too (-e/--endpoint, -o, …)', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ port: 0 })
  })
  afterAll(() => server.close())

  it('-e URL and -o before the document, as soap lines take -e', async () => {
    const graphql = `${server.url}/graphql`
    const run = await runReplScript(
      [
        `gql -e ${graphql} { itemCount }`,
        `gql -e ${graphql} -o json { item(id: "1") { name } }`,
        `gql --endpoint=${graphql} { nosuch }`,
        `gql -o json -e ${graphql} --dry-run query Count { itemCount } --get`,
        `gql -e ${graphql} -H 'X-Note: {x}' { itemCount } -v`,
        'gql { itemCount }',
        'gql -x { itemCount }',
        'gql -o json',
        `gql -e ${graphql} stray { itemCount }`,
        '',
      ].join('\n'),
      envWithoutGraphql(server.url),
      ['--profile', 'plain'],
    )
    expect(run.code).toBe(0)
    const out = normalise(run.output)
    expect(out).toContain(
      'plain rest> gql -e http://127.0.0.1:PORT/graphql { itemCount }\n{\n  "itemCount": 40\n}\n',
    )
    expect(out).toContain(
      '-o json { item(id: "1") { name } }\n{\n  "data": {\n    "item": {\n      "name": "Mechanical Keyboard"',
    )
    expect(out).toMatch(
      /\{ nosuch \}\nerror: Cannot query field "nosuch" on type "Query"\.[\s\S]*?\[exit 2\]/,
    )
    expect(out).toContain(
      '--get\nGET http://127.0.0.1:PORT/graphql?operationName=Count&query=query+Count+%7B+itemCount+%7D HTTP/1.1\n',
    )
    expect(out).toMatch(/-v\n[\s\S]*x-note: \{x\}[\s\S]*"itemCount": 40/i)
    expect(out).toContain(
      'plain rest> gql { itemCount }\nerror: Profile plain has no GraphQL endpoint.\n' +
        '  try:   Give one on the line (gql -e URL { … }), set one (apictl profile add plain --graphql URL), or switch: .profile NAME\n',
    )
    expect(out).toContain("plain rest> gql -x { itemCount }\nerror: Unknown option '-x'.")
    expect(out).toContain('plain rest> gql -o json\nerror: gql needs a document.')
    expect(out).toContain("stray { itemCount }\nerror: Unexpected 'stray' before the document.")
  })
})
