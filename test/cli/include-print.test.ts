import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { hasPty, runInTerminal } from '../support/run-in-terminal.js'
import { tempDir } from '../support/temp-dir.js'

/**
 * -i / --print WHAT against the reference server (the `local` profile's
 * embedded one, over real HTTP): the parts of the exchange on stdout in
 * HTTPie's order, for REST, GraphQL and SOAP.
 */
const ROOT = join(import.meta.dirname, '..', '..')

/** The text after the first blank line (the head's end). */
const afterHead = (text: string) => text.slice(text.indexOf('\n\n') + 2)

describe('-i / --include: response headers with the body on stdout', () => {
  it("REST: a POST's Location is on stdout, above the body; plain when piped", async () => {
    const env = isolatedEnv()
    const result = await runCliInProcess(
      ['rest', 'post', '/v1/items', 'name=Pen', 'price:=2.5', '--user', 'demo:demo', '-i'],
      { env },
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^HTTP\/1\.1 201 Created\n/)
    const location = /^Location: (http:\/\/127\.0\.0\.1:\d+\/v1\/items\/(\d+))$/m.exec(result.stdout)
    expect(location, result.stdout).not.toBeNull()
    const body = JSON.parse(afterHead(result.stdout)) as { id: string; name: string }
    expect(body).toMatchObject({ id: location![2], name: 'Pen' })
    expect(result.stdout).not.toContain('\u001b')
    // The head is on stdout, not repeated on stderr.
    expect(result.stderr).not.toContain('201 Created')
  })

  it("REST: a list's X-Total-Count, with --print h alone (no body)", async () => {
    const result = await runCliInProcess(['rest', 'get', '/v1/items', 'limit==2', '--print', 'h'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^HTTP\/1\.1 200 OK\n/)
    expect(result.stdout).toMatch(/^X-Total-Count: \d+$/m)
    expect(result.stdout).toMatch(/^Link: <.*rel="next"/m)
    expect(result.stdout).not.toContain('"id"')
    expect(result.stdout.endsWith('\n')).toBe(true)
  })

  it('--print HBhbm: request head, request body, response head, body, elapsed time, in that order', async () => {
    const result = await runCliInProcess([
      'rest',
      'post',
      '/v1/items',
      'name=Lamp',
      'price:=12',
      '--user',
      'demo:demo',
      '--print',
      'HBhbm',
    ])
    expect(result.code, result.stderr).toBe(0)
    const out = result.stdout
    const at = (pattern: RegExp) => out.search(pattern)
    const order = [
      at(/^POST \/v1\/items HTTP\/1\.1$/m),
      at(/^Authorization: Basic ••••$/m),
      at(/^ {2}"name": "Lamp",$/m),
      at(/^HTTP\/1\.1 201 Created$/m),
      at(/^Location: /m),
      at(/^ {2}"id": "\d+",$/m),
      at(/^Elapsed time: \d+\.\d{3}s$/m),
    ]
    expect(
      order.every((index) => index >= 0),
      out,
    ).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    // Credentials are masked, as -v and --dry-run mask them.
    expect(out).not.toContain(Buffer.from('demo:demo').toString('base64'))
  })

  it('--show-secrets shows the request credentials in clear', async () => {
    const result = await runCliInProcess([
      'rest',
      'get',
      '/v1/items/1',
      '--token',
      'secret-token-1',
      '--print',
      'H',
      '--show-secrets',
    ])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('Authorization: Bearer secret-token-1')
    expect(result.stdout).not.toContain('"id"')
  })

  it('HEAD with -i shows the head once; --print b alone is the body as before', async () => {
    const head = await runCliInProcess(['rest', 'head', '/v1/items/1', '-i'])
    expect(head.code, head.stderr).toBe(0)
    expect(head.stdout).toMatch(/^HTTP\/1\.1 200 OK\n/)
    expect(head.stdout.match(/^Content-Type:/gm)).toHaveLength(1)
    const body = await runCliInProcess(['rest', 'get', '/v1/items/1', '--print', 'b'])
    const plain = await runCliInProcess(['rest', 'get', '/v1/items/1'])
    expect(body.stdout).toBe(plain.stdout)
  })

  it('a bad --print letter is a usage error (exit 2) naming the letters', async () => {
    const result = await runCliInProcess(['rest', 'get', '/v1/items/1', '--print', 'hz'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('HBhbm')
    expect(result.stdout).toBe('')
  })

  it('GraphQL: the answer head, then data', async () => {
    const result = await runCliInProcess(['gql', '{ item(id: "1") { id name } }', '-i'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^HTTP\/1\.1 200 OK\nContent-Type: application\/graphql-response\+json/)
    expect(JSON.parse(afterHead(result.stdout))).toEqual({ item: { id: '1', name: expect.any(String) } })
  })

  it('GraphQL --print Bh: the request document sent, then the answer head', async () => {
    const result = await runCliInProcess(['gql', '{ itemCount }', '--print', 'Bh'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^\{\n {2}"query": "\{ itemCount \}"/)
    expect(result.stdout).toMatch(/\n\nHTTP\/1\.1 200 OK\n/)
    expect(result.stdout).not.toContain('"itemCount": ')
  })

  it('SOAP call: the answer head, then the response values', async () => {
    const result = await runCliInProcess(['soap', 'call', 'GetItem', 'id=1', '-i'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^HTTP\/1\.1 200 OK\nContent-Type: text\/xml; charset=utf-8\n/)
    expect(JSON.parse(afterHead(result.stdout))).toMatchObject({
      operation: 'GetItemResponse',
      result: { item: { id: '1' } },
    })
  })

  it('SOAP send: the request envelope (B) and a fault answer head (h) with exit 4', async () => {
    const envelope = join(ROOT, 'fixtures', 'soap', 'GetItem__unknown-id-soap11', 'request.xml')
    const result = await runCliInProcess(['soap', 'send', envelope, '--print', 'Bh'])
    expect(result.code).toBe(4)
    expect(result.stdout).toMatch(/^<\?xml|^<soap/)
    expect(result.stdout).toContain('GetItem')
    expect(result.stdout).toMatch(/\n\nHTTP\/1\.1 500 Internal Server Error\n/)
  })

  it('--download with -i: the heads go to stderr (the body goes to the file), as HTTPie does', async () => {
    const file = join(tempDir(), 'item.json')
    const result = await runCliInProcess(['rest', 'get', '/v1/items/1', '--download', file, '-i'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^HTTP\/1\.1 200 OK$/m)
    expect(result.stderr).toMatch(/^Content-Type: application\/json/m)
    expect(existsSync(file)).toBe(true)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ id: '1' })
  })
})

describe.skipIf(!hasPty)('-i on a terminal', () => {
  it("the heads are coloured like -v's; --no-color makes them plain", async () => {
    const coloured = await runInTerminal(['rest', 'get', '/v1/items/1', '-i'], isolatedEnv())
    expect(coloured.code).toBe(0)
    expect(coloured.screen).toContain('\u001b[1;32m200 OK\u001b[0m')
    expect(coloured.screen).toContain('\u001b[36mContent-Type\u001b[0m')
    const plain = await runInTerminal(['rest', 'get', '/v1/items/1', '-i', '--no-color'], isolatedEnv())
    expect(plain.code).toBe(0)
    expect(plain.screen).toContain('HTTP/1.1 200 OK')
    expect(plain.screen).not.toContain('\u001b[')
  })
})
