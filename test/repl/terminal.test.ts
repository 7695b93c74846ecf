import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { join } from 'node:path'
import { buildSchema, getIntrospectionQuery, graphqlSync } from 'graphql'
import { afterEach, describe, expect, it } from 'vitest'
import { CLI, isolatedEnv } from '../support/run-cli.js'
import { hasTmux, TmuxPane } from './support/tmux-pane.js'

const title = hasTmux
  ? 'the REPL in a real terminal (tmux)'
  : 'the REPL in a real terminal — skipped: tmux is not installed, and these tests drive one'

/** The prompt at the start of the last non-empty line: the REPL waits for input. */
const ready = (prompt: string) => new RegExp(`${prompt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`)

describe.skipIf(!hasTmux)(title, () => {
  const panes: TmuxPane[] = []
  const servers: Server[] = []
  afterEach(async () => {
    for (const pane of panes.splice(0)) pane.close()
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
  })

  function open(args: string[], env = isolatedEnv()): TmuxPane {
    const pane = new TmuxPane(`'${process.execPath}' '${CLI}' ${args.join(' ')}`, {
      ...env,
      TERM: 'xterm-256color',
    })
    panes.push(pane)
    return pane
  }

  it('apictl alone opens the REPL; Tab completes /v1/items after get /v1/it, and name inside gql { items { na', async () => {
    const pane = open([])
    await pane.waitFor(ready('local rest>'))
    expect(pane.screen()).toContain('profile local: the built-in reference server at http://127.0.0.1:')
    pane.type('get /v1/it')
    await pane.waitFor('local rest> get /v1/it')
    pane.press('Tab')
    await pane.waitFor(/local rest> get \/v1\/items\s*$/m)
    pane.press('C-u')
    pane.type('gql { items { na')
    await pane.waitFor('gql { items { na')
    pane.press('Tab')
    await pane.waitFor(/local rest> gql \{ items \{ name\s*$/m)
    pane.type(' } }')
    pane.press('Enter')
    await pane.waitFor('"name": "Mechanical Keyboard"')
    pane.press('C-d')
    await pane.waitFor('[exited 0]')
  })

  it('Ctrl-C at the prompt clears the line and keeps the session; a document spans lines', async () => {
    const pane = open(['repl'])
    await pane.waitFor(ready('local rest>'))
    pane.type('get /v1/items/abc')
    await pane.waitFor('get /v1/items/abc')
    pane.press('C-c')
    await pane.waitFor(ready('local rest>'))
    pane.press('C-c')
    await pane.waitFor('(Ctrl-D or .exit leaves)')
    pane.type('gql {')
    pane.press('Enter')
    await pane.waitFor(ready('...'))
    pane.type('  itemCount }')
    pane.press('Enter')
    await pane.waitFor('"itemCount": 40')
    pane.type('.exit')
    pane.press('Enter')
    await pane.waitFor('[exited 0]')
    expect(pane.screen()).not.toMatch(/"id": "abc"|Not Found/)
  })

  it('Ctrl-C cancels a request in flight, and the session goes on', async () => {
    const requests: Socket[] = []
    const server = createServer((request) => {
      requests.push(request.socket)
    })
    servers.push(server)
    server.on('close', () => {
      for (const socket of requests) socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const env = isolatedEnv()
    await mkdir(env.APICTL_CONFIG_DIR!, { recursive: true })
    await writeFile(
      join(env.APICTL_CONFIG_DIR!, 'config.json'),
      JSON.stringify({ version: 1, profiles: { slow: { rest: url } } }),
    )
    const pane = open(['repl', '--profile', 'slow'], env)
    await pane.waitFor(ready('slow rest>'))
    pane.type('get /v1/never')
    pane.press('Enter')
    const deadline = Date.now() + 10_000
    while (requests.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect(requests).toHaveLength(1)
    pane.press('C-c')
    await pane.waitFor(`Cancelled: GET ${url}/v1/never`)
    await pane.waitFor(/\[exit 3\]\s*\n\s*slow rest>\s*$/)
    pane.type('.exit')
    pane.press('Enter')
    await pane.waitFor('[exited 0]')
  })

  it('Tab completion waiting for a slow schema keeps the prompt line (no spinner over it)', async () => {
    const schema = buildSchema('type Query { name: String, number: Int }')
    const introspection = JSON.stringify(graphqlSync({ schema, source: getIntrospectionQuery() }))
    const server = createServer((request, response) => {
      request.resume()
      // Slower than the spinner's 300 ms quiet period, so a spinner would be drawn.
      setTimeout(() => response.end(introspection), 900)
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`
    const env = isolatedEnv()
    await mkdir(env.APICTL_CONFIG_DIR!, { recursive: true })
    await writeFile(
      join(env.APICTL_CONFIG_DIR!, 'config.json'),
      JSON.stringify({ version: 1, profiles: { slowgql: { graphql: url } } }),
    )
    const pane = open(['repl', '--profile', 'slowgql'], env)
    await pane.waitFor(ready('slowgql rest>'))
    pane.type('gql { na')
    await pane.waitFor('gql { na')
    pane.press('Tab')
    await pane.waitFor(/slowgql rest> gql \{ name\s*$/m)
    expect(pane.screen()).not.toContain('fetching the schema')
    pane.press('C-u')
    pane.press('C-d')
    await pane.waitFor('[exited 0]')
  })

  it('guided input: a SOAP operation without its parameters asks for them; Ctrl-C there returns to the REPL', async () => {
    const env = isolatedEnv()
    const pane = open(['repl'], env)
    await pane.waitFor(ready('local rest>'))
    pane.type('soap GetItem')
    pane.press('Enter')
    await pane.waitFor('id (string)')
    pane.type('2')
    pane.press('Enter')
    await pane.waitFor('Wireless Mouse')
    await pane.waitFor(ready('local rest>'))
    pane.type('soap GetItem')
    pane.press('Enter')
    await pane.waitFor(/id \(string\)\s*$/)
    pane.press('C-c')
    await pane.waitFor('soap call: cancelled.')
    await pane.waitFor(ready('local rest>'))
    pane.type('get /v1/it')
    await pane.waitFor(/local rest> get \/v1\/it\s*$/m)
    pane.press('Tab')
    await pane.waitFor(/local rest> get \/v1\/items\s*$/m)
    pane.press('C-u')
    pane.type('.auth basic demo:demo')
    pane.press('Enter')
    await pane.waitFor(ready('local rest>'))
    pane.press('C-d')
    await pane.waitFor('[exited 0]')
    const history = join(env.APICTL_CONFIG_DIR!, 'repl_history')
    expect((await stat(history)).mode & 0o777).toBe(0o600)
    expect(await readFile(history, 'utf8')).toBe('soap GetItem\nsoap GetItem\n.auth basic ••••\n')
  })
})
