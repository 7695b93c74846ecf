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

  /** A server that accepts requests and never answers; it counts the requests and the sockets the client closed. */
  async function silentServer() {
    const sockets: Socket[] = []
    let closed = 0
    const server = createServer((request) => {
      sockets.push(request.socket)
      request.socket.on('close', () => closed++)
    })
    servers.push(server)
    server.on('close', () => {
      for (const socket of sockets) socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      requests: () => sockets.length,
      closed: () => closed,
    }
  }

  /** Polls (no fixed sleep) until the condition holds; the ms it took. */
  async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<number> {
    const started = Date.now()
    while (!condition()) {
      if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return Date.now() - started
  }

  async function profileEnv(profiles: Record<string, unknown>) {
    const env = isolatedEnv()
    await mkdir(env.APICTL_CONFIG_DIR!, { recursive: true })
    await writeFile(join(env.APICTL_CONFIG_DIR!, 'config.json'), JSON.stringify({ version: 1, profiles }))
    return env
  }

  function open(args: string[], env = isolatedEnv(), size?: { columns: number; rows: number }): TmuxPane {
    const pane = new TmuxPane(
      `'${process.execPath}' '${CLI}' ${args.join(' ')}`,
      { ...env, TERM: 'xterm-256color' },
      size,
    )
    panes.push(pane)
    return pane
  }

  it('apictl alone opens the REPL; Tab completes /v1/items after get /v1/it, name= after post /v1/items na, and name inside gql { items { na', async () => {
    const pane = open([])
    await pane.waitFor(ready('local rest>'))
    expect(pane.screen()).toContain('profile local: the built-in reference server at http://127.0.0.1:')
    pane.type('get /v1/it')
    await pane.waitFor('local rest> get /v1/it')
    pane.press('Tab')
    await pane.waitFor(/local rest> get \/v1\/items\s*$/m)
    pane.press('C-u')
    pane.type('post /v1/items na')
    await pane.waitFor('local rest> post /v1/items na')
    pane.press('Tab')
    await pane.waitFor(/local rest> post \/v1\/items name=\s*$/m)
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

  it('Ctrl-C cancels a request in flight with one short line, and the session goes on', async () => {
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
    // One short line: the user cancelled on purpose, so no error block, no timeout advice, no [exit 3].
    const screen = await pane.waitFor(/\ncancelled: GET \S+\/v1\/never\s*\nslow rest>\s*$/)
    expect(screen).toContain(`cancelled: GET ${url}/v1/never`)
    expect(screen).not.toMatch(/error:|try:|--timeout|\[exit/)
    pane.type('.exit')
    pane.press('Enter')
    await pane.waitFor('[exited 0]')
  })

  it('a live stream (server-sent events) prints as it arrives; Ctrl-C ends the stream, not the session', async () => {
    const streams: Socket[] = []
    let closed = 0
    const server = createServer((request, response) => {
      streams.push(request.socket)
      request.socket.on('close', () => closed++)
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write('event: tick\nid: 1\ndata: {"n": 1, "evil": "\u001b]0;pwned\u0007"}\n\n')
    })
    servers.push(server)
    server.on('close', () => {
      for (const socket of streams) socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const env = await profileEnv({ live: { rest: url } })
    const pane = open(['repl', '--profile', 'live'], env)
    await pane.waitFor(ready('live rest>'))
    pane.type('get /events --timeout 2')
    pane.press('Enter')
    // The event shows while the stream is still open (and its escape sequence as text).
    const shown = await pane.waitFor('"n": 1')
    expect(shown).toContain('event: tick')
    expect(shown).toContain('\\u001b]0;pwned\\u0007')
    expect(closed).toBe(0)
    pane.press('C-c')
    await pane.waitFor(/\ncancelled: GET \S+\/events\s*\nlive rest>\s*$/)
    await until(() => closed === 1, 5000, 'the stream socket closing')
    // The session goes on: the next line runs.
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

  it('Ctrl-C stops the schema fetch Tab started; keys typed during the wait are dropped with it', async () => {
    const graphql = await silentServer()
    const pane = open(['repl', '--profile', 'mute'], await profileEnv({ mute: { graphql: graphql.url } }))
    await pane.waitFor(ready('mute rest>'))
    pane.type('gql { it')
    await pane.waitFor('mute rest> gql { it')
    pane.press('Tab')
    await until(() => graphql.requests() === 1, 10_000, 'the introspection request')
    pane.type('zz')
    pane.press('C-c')
    // Tab's own limit is 5 s; the request's 30 s: the socket closes at once on Ctrl-C.
    expect(await until(() => graphql.closed() === 1, 4000, 'cancelling the introspection')).toBeLessThan(4000)
    pane.type('ems')
    await pane.waitFor(/mute rest> gql \{ items\s*$/m)
    pane.press('C-u')
    pane.type('.exit')
    pane.press('Enter')
    await pane.waitFor('[exited 0]')
  })

  it('Tab waits at most 5 s for a schema (not the 30 s request limit); keys typed meanwhile follow', async () => {
    const graphql = await silentServer()
    const pane = open(['repl', '--profile', 'mute'], await profileEnv({ mute: { graphql: graphql.url } }))
    await pane.waitFor(ready('mute rest>'))
    pane.type('gql { it')
    await pane.waitFor('mute rest> gql { it')
    pane.press('Tab')
    await until(() => graphql.requests() === 1, 10_000, 'the introspection request')
    pane.type('ems')
    const waited = await until(() => graphql.closed() === 1, 15_000, 'giving up on the introspection')
    expect(waited).toBeGreaterThan(3000)
    expect(waited).toBeLessThan(10_000)
    await pane.waitFor(/mute rest> gql \{ items\s*$/m)
    pane.press('C-u')
    pane.type('.exit')
    pane.press('Enter')
    await pane.waitFor('[exited 0]')
  })

  it('the history file hides URL passwords and --token=…; .history shows those lines, earlier sessions included', async () => {
    const env = isolatedEnv()
    const first = open(['repl'], env)
    await first.waitFor(ready('local rest>'))
    for (const line of [
      '# a comment typed at the prompt is skipped',
      '.auth basic demo:demo',
      'get http://u:urlpass@127.0.0.1:1/ --dry-run',
      'gql { itemCount } --token=tok2 --dry-run',
      'get /v1/items/1 --token abc --dry-run',
      '.history',
    ]) {
      first.type(line)
      first.press('Enter')
      await first.waitFor(ready('local rest>'))
    }
    const redacted = [
      '.auth basic ••••',
      'get http://u:••••@127.0.0.1:1/ --dry-run',
      'gql { itemCount } --token=•••• --dry-run',
      'get /v1/items/1 --token •••• --dry-run',
    ]
    const numbered = redacted.map((line, index) => `${index + 1}  ${line}`).join('\n')
    const screen = await first.waitFor(`local rest> .history\n${numbered}\nlocal rest>`)
    expect(screen).toContain(
      'local rest> # a comment typed at the prompt is skipped\nlocal rest> .auth basic',
    )
    first.press('C-d')
    await first.waitFor('[exited 0]')
    const history = await readFile(join(env.APICTL_CONFIG_DIR!, 'repl_history'), 'utf8')
    expect(history).toBe(`${[...redacted, '.history'].join('\n')}\n`)
    expect(history).not.toMatch(/urlpass|tok2|abc|demo:demo/)

    const second = open(['repl'], env)
    await second.waitFor(ready('local rest>'))
    second.type('.history')
    second.press('Enter')
    await second.waitFor(`local rest> .history\n${numbered}\n5  .history\nlocal rest>`)
    second.press('Up', 'Up')
    await second.waitFor(/local rest> get \/v1\/items\/1 --token •••• --dry-run\s*$/m)
    second.press('C-u', 'C-d')
    await second.waitFor('[exited 0]')
  })

  it('at 80 columns the banner wraps between words: the URL and "Ctrl-D" stay whole', async () => {
    const pane = open(['repl'], isolatedEnv(), { columns: 80, rows: 30 })
    const screen = await pane.waitFor(ready('local rest>'))
    const lines = screen.split('\n')
    expect(lines.some((line) => /^http:\/\/127\.0\.0\.1:\d+\s*$/.test(line))).toBe(true)
    expect(lines.some((line) => /(^| )Ctrl-D leaves\s*$/.test(line))).toBe(true)
    for (const line of lines) expect(line.trimEnd().length).toBeLessThan(80)
    pane.press('C-d')
    await pane.waitFor('[exited 0]')
  })

  it("at 120 columns an error's try: text wraps at words, continuing under itself", async () => {
    const pane = open(['repl'])
    await pane.waitFor(ready('local rest>'))
    pane.type('gql -x { itemCount }')
    pane.press('Enter')
    const screen = await pane.waitFor(/\[exit 2\]\s*\nlocal rest>\s*$/)
    const block = screen.slice(screen.indexOf('  try:   '), screen.indexOf('[exit 2]')).trimEnd().split('\n')
    expect(block.length).toBeGreaterThan(1)
    for (const line of block) expect(line.length).toBeLessThan(120)
    for (const line of block.slice(1)) expect(line).toMatch(/^ {9}\S/)
    const text = block.map((line) => line.trim()).join(' ')
    expect(text).toBe(
      'try:   gql [OPTIONS] DOCUMENT [OPTIONS]; options: -f/--file -e/--endpoint --var --variables --operation ' +
        '--get --schema --no-validate -H/--header --user --token --oauth2 --client-id --client-secret --scope ' +
        '--timeout --retry --retry-unsafe --max-size --insecure --ca --cert --key --proxy --http2 --session ' +
        '-o/--output -i/--include --print --no-color -v/--verbose --dry-run --show-secrets --curl.',
    )
    pane.press('C-d')
    await pane.waitFor('[exited 0]')
  })
})
