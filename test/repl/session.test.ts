import { mkdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openTestSession, type TestSession, testContext } from './support/repl-session.js'

describe('the REPL session', () => {
  let test: TestSession | undefined
  afterEach(async () => {
    await test?.close()
    test = undefined
  })

  it('sends every request of a session over one kept-alive connection', async () => {
    let connections = 0
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{"id": "1"}')
    })
    server.on('connection', () => connections++)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const ctx = await testContext()
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      await mkdir(ctx.env.APICTL_CONFIG_DIR!, { recursive: true })
      await writeFile(
        join(ctx.env.APICTL_CONFIG_DIR!, 'config.json'),
        JSON.stringify({ version: 1, profiles: { api: { rest: url } } }),
      )
      test = await openTestSession({ profileName: 'api', env: ctx.env })
      for (let index = 0; index < 20; index++) {
        expect(await test.dispatcher.run('get /v1/items/1', test.session, test.ctx)).toBe(0)
      }
      expect(connections).toBe(1)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('starts the embedded server once for the whole session; .profile local there changes nothing', async () => {
    test = await openTestSession()
    const run = (line: string) => test!.dispatcher.run(line, test!.session, test!.ctx)
    const first = test.session.target.rest!
    await run('get /v1/items/1')
    await run('gql { itemCount }')
    await run('soap GetItem id=1')
    expect(test.session.target.rest).toBe(first)
    expect(await run('.auth basic demo:demo')).toBe(0)
    expect(await run('post /v1/items name=Kept price:=1')).toBe(0)
    const created = (test.session.last!.value as { id: string }).id
    test.ctx.stderr.chunks.length = 0
    expect(await run('.profile local')).toBe(0)
    expect(test.ctx.stderr.text()).toBe(
      'already on profile local: nothing changed (the built-in server and its data stay).\n',
    )
    expect(test.session.target.rest).toBe(first)
    expect(test.session.auth).toEqual({ kind: 'basic', user: 'demo:demo' })
    expect((await fetch(`${first}/v1/items/${created}`)).status).toBe(200)
  })

  it('switching away and back to local starts a new built-in server, and says its store is new', async () => {
    const ctx = await testContext()
    await mkdir(ctx.env.APICTL_CONFIG_DIR!, { recursive: true })
    await writeFile(
      join(ctx.env.APICTL_CONFIG_DIR!, 'config.json'),
      JSON.stringify({ version: 1, profiles: { other: { rest: 'http://127.0.0.1:9' } } }),
    )
    test = await openTestSession({ env: ctx.env })
    const run = (line: string) => test!.dispatcher.run(line, test!.session, test!.ctx)
    const first = test.session.target.rest!
    expect(await run('.profile other')).toBe(0)
    await expect(fetch(`${first}/v1/items/1`)).rejects.toThrow()
    test.ctx.stderr.chunks.length = 0
    expect(await run('.profile local')).toBe(0)
    expect(test.session.target.rest).not.toBe(first)
    expect(test.ctx.stderr.text()).toBe(
      `profile local: the built-in reference server at ${test.session.target.rest}\n` +
        'note: this is a new built-in server; its store starts from the seed, without what this session wrote before.\n',
    )
  })

  it('keeps the last result of each style for {{last…}}: the body, data, the SOAP values', async () => {
    test = await openTestSession()
    const run = (line: string) => test!.dispatcher.run(line, test!.session, test!.ctx)
    await run('get /v1/items/2')
    expect(test.session.last).toMatchObject({ style: 'rest', value: { id: '2', name: 'Wireless Mouse' } })
    await run('gql { item(id: 3) { name } }')
    expect(test.session.last).toMatchObject({ style: 'gql', value: { item: { name: 'USB-C Hub' } } })
    await run('soap GetItem id=4')
    expect(test.session.last).toMatchObject({ style: 'soap', value: { item: { id: '4', price: 279 } } })
    await run('get /v1/items/1 --dry-run')
    expect(test.session.last?.style).toBe('soap')
  })

  it('--all prints the merged list as its pages come, and keeps it for {{last…}}', async () => {
    test = await openTestSession()
    const run = (line: string) => test!.dispatcher.run(line, test!.session, test!.ctx)
    const total = Number((await fetch(`${test.session.target.rest}/v1/items`)).headers.get('x-total-count'))
    expect(total).toBeGreaterThan(3)
    test.ctx.stdout.chunks.length = 0
    expect(await run('get /v1/items limit==2 --all')).toBe(0)
    const printed = JSON.parse(test.ctx.stdout.text()) as Array<{ id: string }>
    expect(printed).toHaveLength(total)
    expect(new Set(printed.map((item) => item.id)).size).toBe(total)
    expect(test.session.last).toMatchObject({ style: 'rest', value: printed })
  })

  it('.schema prints the SDL, and .ops the operations', async () => {
    test = await openTestSession()
    expect(await test.dispatcher.run('.schema', test.session, test.ctx)).toBe(0)
    expect(test.ctx.stdout.text()).toMatch(/type Query \{[\s\S]*items\(/)
    expect(await test.dispatcher.run('.ops', test.session, test.ctx)).toBe(0)
    expect(test.ctx.stdout.text()).toMatch(/GetItem\s+in\s+GetItem\(id: string\)/)
  })

  it('vars prints each variable as var reads it back: JSON stays JSON', async () => {
    test = await openTestSession()
    const run = (line: string) => test!.dispatcher.run(line, test!.session, test!.ctx)
    for (const line of [
      'var b:={"x":[1,2]}',
      'var input:={"name": "Pen", "price": 2.5}',
      "var name='Blue pen'",
      'var n=3',
    ])
      expect(await run(line)).toBe(0)
    expect(await run('vars')).toBe(0)
    const listed = test.ctx.stdout.text()
    expect(listed).toBe('b:={"x":[1,2]}\ninput:={"name": "Pen", "price": 2.5}\nname=Blue pen\nn=3\n')
    expect(JSON.parse(listed.split('\n')[0]!.slice('b:='.length))).toEqual({ x: [1, 2] })
    await run('vars clear')
    for (const line of listed.trim().split('\n')) expect(await run(`var ${line}`)).toBe(0)
    test.ctx.stdout.chunks.length = 0
    await run('vars')
    expect(test.ctx.stdout.text()).toBe(listed)
    test.ctx.stdout.chunks.length = 0
    expect(
      await run('gql mutation ($input: ItemInput!) { createItem(input: $input) { name } } --dry-run'),
    ).toBe(0)
    expect(test.ctx.stdout.text()).toContain('"variables":{"input":{"name":"Pen","price":2.5}}')
  })
})
