import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runGqlBuild } from '../../src/cli/commands/gql-build.js'
import { BufferSink, type Context } from '../../src/core/context.js'
import { LIBRARY_SDL } from '../protocols/graphql/client/support/library-schema.js'
import {
  type StockApolloServer,
  startStockApolloServer,
} from '../protocols/graphql/client/support/stock-apollo-server.js'
import { scriptedPrompter } from '../repl/support/scripted-prompter.js'
import { tempDir } from '../support/temp-dir.js'

let server: StockApolloServer
let home: string
beforeAll(async () => {
  server = await startStockApolloServer()
  home = tempDir('apictl-gql-build-')
})
afterAll(async () => {
  await server.close()
})

/** The CLI's context in this process: a terminal on stdin (gql build asks), output captured. */
function terminalContext(): Context & { stdout: BufferSink; stderr: BufferSink } {
  return {
    stdout: new BufferSink(),
    stderr: new BufferSink(),
    stdin: Object.assign(Readable.from([]), { isTTY: true }),
    env: {
      HOME: home,
      APICTL_CONFIG_DIR: join(home, 'config'),
      APICTL_CACHE_DIR: join(home, 'cache'),
      APICTL_DATA_DIR: join(home, 'data'),
    },
    cwd: home,
  }
}

/** The options as commander hands them to the action (gql build sees the parent's too). */
const options = (more: Record<string, unknown> = {}) => ({
  endpoint: server.url,
  validate: true,
  retry: 0,
  ...more,
})

describe('gql build sends what it built through the same client as gql', () => {
  it('the document on stdout, then the answer; the server ran that document', async () => {
    const ctx = terminalContext()
    const { prompter, asked } = scriptedPrompter(['query', 'bookCount', true])
    const code = await runGqlBuild(options(), ctx, prompter)
    expect(code, ctx.stderr.text()).toBe(0)
    expect(ctx.stdout.text()).toBe('{\n  bookCount\n}\n{\n  "bookCount": 3\n}\n')
    expect(asked.at(-1)).toBe(`Send this query to ${server.url}?`)
    expect(JSON.parse(server.operations().at(-1)!.body)).toEqual({ query: '{\n  bookCount\n}' })
  })

  it('--dry-run with --schema FILE: the request is printed, and nothing is sent', async () => {
    const file = join(home, 'library.graphql')
    writeFileSync(file, LIBRARY_SDL)
    const ctx = terminalContext()
    const before = server.requests.length
    const { prompter, asked } = scriptedPrompter(['query', 'bookCount', true])
    const code = await runGqlBuild(options({ dryRun: true, schema: file }), ctx, prompter)
    expect(code, ctx.stderr.text()).toBe(0)
    expect(asked.at(-1)).toBe('Print the request for this query (--dry-run: nothing is sent)?')
    expect(ctx.stdout.text()).toContain(`POST ${server.url} HTTP/1.1\n`)
    expect(ctx.stdout.text()).toContain('\n\n{"query":"{\\n  bookCount\\n}"}\n')
    expect(server.requests.length).toBe(before)
  })
})
