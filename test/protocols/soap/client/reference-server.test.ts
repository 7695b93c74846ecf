import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { isolatedEnv, runCli } from '../../../support/run-cli.js'
import { envWithProfiles } from './support/soap-client-support.js'

/** The built-in `local` profile: each run starts the reference server in-process, as on a fresh machine. */
describe('apictl soap against the built-in reference server (profile local)', () => {
  it('soap call GetItem id=1: the values as an indented key/value view', async () => {
    const result = await runCli(['soap', 'call', 'GetItem', 'id=1', '-o', 'pretty'])
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(
      /^apictl: profile local: started the built-in reference server at http:\/\/127\.0\.0\.1:\d+ \(store: .*\/local\.db\)\n$/,
    )
    expect(result.stdout).toBe(
      [
        'GetItemResponse',
        '  item',
        '    id           1',
        '    name         Mechanical Keyboard',
        '    description  Tenkeyless board with hot-swappable brown switches and PBT keycaps.',
        '    price        89.99',
        '    quantity     24',
        '    tags         electronics',
        '                 office',
        '    createdAt    2024-01-08T09:00:00.000Z',
        '    updatedAt    2024-01-08T09:00:00.000Z',
        '',
      ].join('\n'),
    )
  })

  it('-o json: {"operation", "result"} with the WSDL types applied', async () => {
    const result = await runCli(['soap', 'call', 'GetItem', 'id=1', '-o', 'json'])
    expect(result.code).toBe(0)
    const json = JSON.parse(result.stdout)
    expect(json.operation).toBe('GetItemResponse')
    expect(json.result.item).toMatchObject({
      id: '1',
      price: 89.99,
      quantity: 24,
      tags: ['electronics', 'office'],
    })
  })

  it('-o table: key/value rows; a list of records as its own table', async () => {
    const one = await runCli(['soap', 'call', 'GetItem', 'id=1', '-o', 'table'])
    expect(one.code).toBe(0)
    expect(one.stdout).toMatch(/│ item\.name\s+│ Mechanical Keyboard\s+│/)
    expect(one.stdout).toMatch(/│ item\.tags\s+│ electronics, office\s+│/)
    const list = await runCli(['soap', 'call', 'ListItems', 'limit=2', '-o', 'table'])
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/│ total │\s+\d+ │/)
    expect(list.stdout).toContain('items.item (2)')
    expect(list.stdout).toMatch(/│ id │ name\s+│/)
  })

  it('-o xml: the response envelope, indented', async () => {
    const result = await runCli(['soap', 'call', 'GetItem', 'id=1', '-o', 'xml'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      '\n    <tns:GetItemResponse>\n      <tns:item>\n        <tns:id>1</tns:id>\n',
    )
  })

  it('soap ops lists the operations with input and output elements and parameter types; -o json too', async () => {
    const result = await runCli(['soap', 'ops'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('SOAP 1.1 and 1.2 at the built-in reference server (profile local)')
    expect(result.stdout).toMatch(
      / {2}GetItem {5}in {3}GetItem\(id: string\)\n {14}out {2}GetItemResponse\(item: Item\)\n/,
    )
    expect(result.stdout).toContain(
      'CreateItem(name: string, description?: string, price: decimal, quantity?: int, tags?: string[])',
    )
    const json = JSON.parse((await runCli(['soap', 'ops', '-o', 'json'])).stdout)
    expect(json.operations.map((operation: { name: string }) => operation.name)).toEqual([
      'GetItem',
      'ListItems',
      'CreateItem',
      'UpdateItem',
      'DeleteItem',
      'RaiseFault',
    ])
    expect(json.operations[0].action).toEqual({
      '1.1': 'urn:apictl:items#GetItem',
      '1.2': 'urn:apictl:items#GetItem',
    })
    expect(json.operations[0].input.parameters).toEqual([
      expect.objectContaining({ name: 'id', type: 'string', required: true, repeated: false }),
    ])
  })

  it('an unknown id is a Client fault: one readable block on stderr, exit 4', async () => {
    const result = await runCli(['soap', 'call', 'GetItem', 'id=99', '-o', 'pretty'])
    expect(result.code).toBe(4)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(
      [
        'SOAP fault (Client): item "99" does not exist',
        '  detail:  ItemFault',
        '             code     NOT_FOUND',
        '             message  item "99" does not exist',
      ].join('\n'),
    )
  })

  it('the same over SOAP 1.2: Sender with its subcode; -o json on stdout', async () => {
    const result = await runCli(['soap', 'call', 'GetItem', 'id=99', '--soap', '1.2', '-o', 'json'])
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout)).toEqual({
      fault: {
        code: 'Sender',
        subcodes: ['{urn:apictl:items}NOT_FOUND'],
        string: 'item "99" does not exist',
        actor: null,
        detail: { ItemFault: { code: 'NOT_FOUND', message: 'item "99" does not exist' } },
        version: '1.2',
      },
    })
    const block = await runCli(['soap', 'call', 'GetItem', 'id=99', '--soap', '1.2'])
    expect(block.stderr).toContain('SOAP fault (Sender › NOT_FOUND): item "99" does not exist\n')
  })

  it('--method M-POST reaches the reference server too (SOAP 1.1 and 1.2)', async () => {
    const v11 = await runCli(['soap', 'call', 'GetItem', 'id=2', '--method', 'M-POST', '-o', 'json'])
    expect(v11.code).toBe(0)
    expect(JSON.parse(v11.stdout).result.item.id).toBe('2')
    const v12 = await runCli([
      'soap',
      'call',
      'GetItem',
      'id=2',
      '--method',
      'M-POST',
      '--soap',
      '1.2',
      '-o',
      'json',
    ])
    expect(v12.code).toBe(0)
  })

  it('RaiseFault code=Server is exit 5', async () => {
    const result = await runCli(['soap', 'call', 'RaiseFault', 'code=Server', 'message=it broke'])
    expect(result.code).toBe(5)
    expect(result.stderr).toContain('SOAP fault (Server): it broke\n')
  })

  it('the WSDL is cached on disk after the first run and read from there', async () => {
    const env = isolatedEnv()
    expect((await runCli(['soap', 'ops'], { env })).code).toBe(0)
    expect(readdirSync(join(env.APICTL_CACHE_DIR!, 'wsdl'))).toHaveLength(1)
    const second = await runCli(['soap', 'call', 'GetItem', 'id=1', '-v'], { env })
    expect(second.code).toBe(0)
    expect(second.stderr).toMatch(/\* WSDL apictl:builtin-local@[\d.]+ \(cached /)
  })

  it('soap call without an operation and no terminal on stdin: exit 2, says why', async () => {
    const result = await runCli(['soap', 'call'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('needs a terminal on stdin')
  })
})

describe('writes through SOAP are seen by REST (one store)', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => server.close())

  it('CreateItem with --wss demo:demo, then apictl rest get shows the item', async () => {
    const env = envWithProfiles({
      ref: { rest: server.url, soap: `${server.url}/soap`, wsdl: `${server.url}/soap?wsdl` },
    })
    const created = await runCli(
      [
        'soap',
        'call',
        'CreateItem',
        'name=Fountain Pen',
        'price=12.5',
        'tags=office',
        'tags=pens',
        '--wss',
        'demo:demo',
        '-o',
        'json',
      ],
      { env },
    )
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    const item = JSON.parse(created.stdout).result.item
    expect(item).toMatchObject({ name: 'Fountain Pen', price: 12.5, tags: ['office', 'pens'] })
    const fetched = await runCli(['rest', 'get', `/v1/items/${item.id}`, '-o', 'json'], { env })
    expect(fetched.code).toBe(0)
    expect(JSON.parse(fetched.stdout)).toMatchObject({
      id: item.id,
      name: 'Fountain Pen',
      tags: ['office', 'pens'],
    })
  })

  it('nil is null and an empty repeated element is an empty list, in the key/value view and -o json alike', async () => {
    const env = envWithProfiles({ ref: { soap: `${server.url}/soap`, wsdl: `${server.url}/soap?wsdl` } })
    const call = ['soap', 'call', 'CreateItem', 'name=Bare', 'price=1', '--wss', 'demo:demo']
    const pretty = await runCli([...call, '-o', 'pretty'], { env })
    expect(pretty.code).toBe(0)
    expect(pretty.stdout).toMatch(
      /\n {4}description {2}null\n {4}price {8}1\n {4}quantity {5}0\n {4}tags {9}\(none\)\n {4}createdAt /,
    )
    const json = JSON.parse((await runCli([...call, '-o', 'json'], { env })).stdout)
    expect(json.result.item).toMatchObject({ description: null, tags: [] })
    expect(Object.keys(json.result.item)).toEqual([
      'id',
      'name',
      'description',
      'price',
      'quantity',
      'tags',
      'createdAt',
      'updatedAt',
    ])
    const empty = await runCli(['soap', 'call', 'ListItems', 'page=99', '-o', 'pretty'], { env })
    expect(empty.stdout).toMatch(/^ListItemsResponse\n {2}items\n {4}item {2}\(none\)\n {2}total /)
    const emptyJson = JSON.parse(
      (await runCli(['soap', 'call', 'ListItems', 'page=99', '-o', 'json'], { env })).stdout,
    )
    expect(emptyJson.result.items).toEqual({ item: [] })
  })

  it('without --wss the write is refused with a Client fault (exit 4)', async () => {
    const env = envWithProfiles({ ref: { soap: `${server.url}/soap`, wsdl: `${server.url}/soap?wsdl` } })
    const result = await runCli(['soap', 'call', 'CreateItem', 'name=Pen', 'price=1'], { env })
    expect(result.code).toBe(4)
    expect(result.stderr).toContain('AUTHENTICATION_REQUIRED')
  })
})
