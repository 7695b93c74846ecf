import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { complete } from '../../src/repl/complete/completer.js'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { tempDir } from '../support/temp-dir.js'
import { openTestSession, type TestSession } from './support/repl-session.js'
import { normalise, runReplScript } from './support/run-repl-script.js'

/**
 * A REPL request line is read with the CLI's own option declarations
 * (src/options): it takes what the command line takes, typed and worded the
 * same way, and Tab and `.help` list the same options.
 */
describe('REPL lines take the command line’s options', () => {
  it('--oauth2 --client-id --client-secret --scope authorise a write, as `apictl rest` does', async () => {
    const run = await runReplScript(
      [
        'post /v1/items name=Unauthorised price:=1',
        'post /v1/items name=Token-pen price:=1 --oauth2 /oauth/token --client-id demo --client-secret demo-secret --scope write -o json',
        'get /v1/items/{{last.id}} -o json',
        '',
      ].join('\n'),
      isolatedEnv({ NO_COLOR: '1' }),
    )
    const out = normalise(run.output)
    expect(run.code).toBe(0)
    expect(out).toMatch(/post \/v1\/items name=Unauthorised price:=1\n[\s\S]*?\[exit 4\]/)
    expect(out).toMatch(/--scope write -o json\n[\s\S]*?"name": "Token-pen"/)
    expect(out).toMatch(/get \/v1\/items\/\{\{last\.id\}\} -o json\n[\s\S]*?"name": "Token-pen"/)
  })

  it("words a bad option exactly as the command line does, and says --profile's REPL way", async () => {
    const env = isolatedEnv({ NO_COLOR: '1' })
    const cases = [
      ['--page', '0'],
      ['--tmeout', '3'],
      ['-o', 'yaml'],
      ['--oauth2', 'https://example.invalid/token'],
    ]
    const run = await runReplScript(
      [...cases.map((words) => `get /v1/items ${words.join(' ')}`), 'get /v1/items --profile other', ''].join(
        '\n',
      ),
      env,
    )
    for (const words of cases) {
      const cli = await runCli(['rest', 'get', '/v1/items', ...words, '--dry-run'], { env })
      expect(cli.code).toBe(2)
      const message = cli.stderr.split('\n').find((line) => line.startsWith('error: '))!
      expect(message).toBeDefined()
      expect(run.output).toContain(`> get /v1/items ${words.join(' ')}\n${message}\n`)
    }
    expect(run.output).toContain(
      'error: --profile is not for a REPL line.\n  try:   The REPL holds one profile for the session: switch with .profile NAME',
    )
  })

  it('gql lines take --var (after the session’s var), --variables, -f and --schema; soap lines --refresh-wsdl', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'count.graphql'), '{ itemCount }')
    writeFileSync(join(dir, 'vars.json'), '{"id": "4"}')
    const schema = join(import.meta.dirname, '../../fixtures/graphql/schema.graphql')
    const run = await runReplScript(
      [
        'var id=1',
        'gql query ($id: ID!) { item(id: $id) { id } } --var id=2 -o json',
        'gql query ($id: ID!) { item(id: $id) { id } } -o json',
        `gql query ($id: ID!) { item(id: $id) { id } } --variables @${join(dir, 'vars.json')} -o json`,
        `gql -f ${join(dir, 'count.graphql')} -o json`,
        `gql --schema ${schema} { nosuch }`,
        'gql -f - -o json',
        'soap GetItem id=3 --refresh-wsdl -o json',
        '',
      ].join('\n'),
      isolatedEnv({ NO_COLOR: '1' }),
    )
    const out = normalise(run.output)
    expect(out).toMatch(/--var id=2 -o json\n\{\n {2}"data": \{\n {4}"item": \{\n {6}"id": "2"/)
    expect(out).toMatch(/\} \} -o json\n\{\n {2}"data": \{\n {4}"item": \{\n {6}"id": "1"/)
    expect(out).toMatch(/vars\.json -o json\n\{\n {2}"data": \{\n {4}"item": \{\n {6}"id": "4"/)
    expect(out).toMatch(/count\.graphql -o json\n\{\n {2}"data": \{\n {4}"itemCount": \d+/)
    expect(out).toMatch(/\{ nosuch \}\nerror: Cannot query field "nosuch" on type "Query"/)
    expect(out).toContain('gql -f - -o json\nerror: -f - reads stdin, which the REPL reads its lines from.')
    expect(out).toMatch(/--refresh-wsdl -o json\n\{\n {2}"operation": "GetItemResponse"[\s\S]*?"id": "3"/)
  })

  it('.help lists a request line’s options from the same declarations', async () => {
    const run = await runReplScript('.help get\n.help soap\n', isolatedEnv({ NO_COLOR: '1' }))
    expect(run.output).toMatch(/ {4}--oauth2 <token-url> +OAuth 2\.0 client credentials/)
    expect(run.output).toMatch(/ {4}--max-pages <n> +at most this many pages with --all/)
    expect(run.output).toMatch(/ {4}--soap <version> +SOAP version/)
    expect(run.output).not.toMatch(/--profile <name>/)
  })
})

describe('Tab offers the same options', () => {
  let test: TestSession
  const tab = (line: string) => complete(line, '', test.session, test.dispatcher)
  beforeAll(async () => {
    test = await openTestSession()
  })
  afterAll(() => test.close())

  it('offers the OAuth 2.0 options, and not --profile (.profile is the REPL way)', async () => {
    expect((await tab('get /v1/items --oa'))[0]).toEqual(['--oauth2 '])
    expect((await tab('soap GetItem --cl'))[0]).toEqual(['--client-id', '--client-secret'])
    expect((await tab('get /v1/items --prof'))[0]).toEqual([])
    expect((await tab('soap GetItem --method '))[0]).toEqual(['POST', 'M-POST'])
  })
})
