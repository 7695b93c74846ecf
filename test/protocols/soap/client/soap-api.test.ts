import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApictlClient, createClient } from '../../../../src/index.js'
import { isolatedEnv, runCli } from '../../../support/run-cli.js'
import { type CalculatorServer, startCalculator } from './support/calculator-server.js'

describe('createClient().soap.call against the built-in server', () => {
  let api: ApictlClient
  beforeAll(() => {
    api = createClient({ env: isolatedEnv() })
  })
  afterAll(() => api.close())

  it('resolves to { data: { operation, result } }, typed by the WSDL', async () => {
    const out = await api.soap.call('GetItem', { id: '1' })
    expect(out.error).toBeUndefined()
    expect(out.status).toBe(200)
    expect(out.data?.operation).toBe('GetItemResponse')
    expect(out.data?.result.item).toMatchObject({ id: '1', price: 89.99, tags: ['electronics', 'office'] })
  })

  it('a fault is a value, not a throw: { fault } (1.1 and 1.2)', async () => {
    const out = await api.soap.call('GetItem', { id: 'nope' })
    expect(out.data).toBeUndefined()
    expect(out.fault).toMatchObject({ code: 'Client', string: 'item "nope" does not exist', version: '1.1' })
    const v12 = await api.soap.call('GetItem', { id: 'nope' }, { version: '1.2' })
    expect(v12.fault).toMatchObject({
      code: 'Sender',
      subcodes: ['{urn:apictl:items}NOT_FOUND'],
      version: '1.2',
    })
  })

  it('a fault is an error too: { data, error } sees it, with the CLI fault line, exit code and the fault', async () => {
    const { data, error, fault } = await api.soap.call('GetItem', { id: 'nope' })
    expect(data).toBeUndefined()
    expect(error).toMatchObject({
      message: 'SOAP fault (Client): item "nope" does not exist',
      exitCode: 4,
      status: 500,
      where: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/soap$/),
    })
    expect(error?.fault).toEqual(fault)
    expect(error?.fault?.detail).toEqual({
      ItemFault: { code: 'NOT_FOUND', message: 'item "nope" does not exist' },
    })
    const v12 = await api.soap.call('GetItem', { id: 'nope' }, { version: '1.2' })
    expect(v12.error?.message).toBe('SOAP fault (Sender › NOT_FOUND): item "nope" does not exist')
    const server = await api.soap.call('RaiseFault', { code: 'Server', message: 'boom' })
    expect(server.error).toMatchObject({ message: 'SOAP fault (Server): boom', exitCode: 5 })
  })

  it("the fault's message is the first line the CLI prints for it, and its exit code the CLI's", async () => {
    const env = isolatedEnv()
    const cli = await runCli(['soap', 'call', 'GetItem', 'id=nope', '--soap', '1.2'], { env })
    const out = await api.soap.call('GetItem', { id: 'nope' }, { version: '1.2' })
    expect(cli.stderr.split('\n').find((line) => line.startsWith('SOAP fault'))).toBe(out.error?.message)
    expect(cli.code).toBe(out.error?.exitCode)
  })

  it('writes with a UsernameToken; numbers, lists and nil go in as values', async () => {
    const out = await api.soap.call(
      'CreateItem',
      { name: 'Stapler', description: null, price: 7.25, tags: ['office', 'tools'] },
      { wss: { username: 'demo', password: 'demo' } },
    )
    expect(out.fault).toBeUndefined()
    expect(out.data?.result.item).toMatchObject({
      name: 'Stapler',
      description: null,
      price: 7.25,
      tags: ['office', 'tools'],
    })
    const refused = await api.soap.call('CreateItem', { name: 'Stapler', price: 1 }, { wss: 'demo:wrong' })
    expect(refused.fault?.code).toBe('Client')
  })

  it('an empty repeated element is [] in the result, as JSON shows it', async () => {
    const out = await api.soap.call('CreateItem', { name: 'No tags', price: 1 }, { wss: 'demo:demo' })
    expect(out.data?.result.item).toMatchObject({ description: null, tags: [] })
  })

  it('an unknown operation or parameter is { error } with exit code 2 and the valid names', async () => {
    const operation = await api.soap.call('GetItems', {})
    expect(operation.error).toMatchObject({ exitCode: 2 })
    expect(operation.error?.message).toContain('Did you mean "GetItem"?')
    const parameter = await api.soap.call('GetItem', { ident: '1' })
    expect(parameter.error?.hint).toContain('valid ones: id: string')
  })
})

describe('createClient({ wss }): client-level WS-Security for every soap.call', () => {
  const env = isolatedEnv()

  it("writes with the client's UsernameToken; a call's own wss replaces it", async () => {
    const api = createClient({ profile: 'local', user: 'demo:demo', wss: 'demo:demo', env })
    try {
      const created = await api.soap.call('CreateItem', { name: 'Client wss', price: 3 })
      expect(created.error).toBeUndefined()
      expect(created.data?.result.item).toMatchObject({ name: 'Client wss', price: 3 })
      const wrong = await api.soap.call('CreateItem', { name: 'x', price: 1 }, { wss: 'demo:wrong' })
      expect(wrong.error).toMatchObject({ exitCode: 4 })
      expect(wrong.error?.message).toBe(
        'SOAP fault (Client): the WS-Security UsernameToken was refused: wrong user name or password',
      )
    } finally {
      await api.close()
    }
  })

  it('takes the parts too; without it a write is refused (user/token are HTTP credentials)', async () => {
    const parts = createClient({ profile: 'local', wss: { username: 'demo', password: 'demo' }, env })
    const none = createClient({ profile: 'local', user: 'demo:demo', env })
    try {
      expect((await parts.soap.call('DeleteItem', { id: '40' })).error).toBeUndefined()
      const refused = await none.soap.call('CreateItem', { name: 'x', price: 1 })
      expect(refused.fault?.detail).toMatchObject({ ItemFault: { code: 'AUTHENTICATION_REQUIRED' } })
    } finally {
      await parts.close()
      await none.close()
    }
  })
})

describe('createClient({ wsdl }).soap.call against a node-soap service', () => {
  let calculator: CalculatorServer
  let api: ApictlClient
  beforeAll(async () => {
    calculator = await startCalculator()
    api = createClient({ wsdl: calculator.wsdl, env: isolatedEnv() })
  })
  afterAll(async () => {
    await api.close()
    await calculator.close()
  })

  it("uses the WSDL's address for each version", async () => {
    expect((await api.soap.call('Add', { a: 20, b: 22 })).data).toEqual({
      operation: 'AddResponse',
      result: { result: 42 },
    })
    expect((await api.soap.call('Add', { a: 1, b: 1 }, { version: '1.2' })).data?.result).toEqual({
      result: 2,
    })
    const paths = calculator.seen
      .filter((request) => !request.path.includes('?wsdl'))
      .map((request) => request.path)
    expect(paths).toEqual(['/calc11', '/calc12'])
  })
})
