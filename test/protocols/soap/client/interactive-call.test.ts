import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runSoapCall } from '../../../../src/cli/commands/soap-call.js'
import { BufferSink, type Context } from '../../../../src/core/context.js'
import type { InputPromptOptions, PromptChoice, Prompter } from '../../../../src/prompt/prompter.js'
import { isolatedEnv } from '../../../support/run-cli.js'
import { type RecordingServer, startRecordingServer } from './support/recording-server.js'
import { findAll, IMPORTS_WSDL, must, parse } from './support/soap-client-support.js'

let server: RecordingServer
beforeAll(async () => {
  server = await startRecordingServer()
})
afterAll(() => server.close())

/** A Prompter that answers from a script and keeps what it was asked (and what validation said). */
function scriptedPrompter(answers: Array<string | boolean>) {
  const asked: string[] = []
  const next = (message: string) => {
    asked.push(message)
    if (answers.length === 0) throw new Error(`no scripted answer for "${message}"`)
    return answers.shift()!
  }
  const prompter: Prompter = {
    async select<T>(message: string, choices: ReadonlyArray<PromptChoice<T>>): Promise<T> {
      const answer = next(message)
      const choice = choices.find((item) => item.name === answer)
      if (choice === undefined) throw new Error(`"${String(answer)}" is not a choice of "${message}"`)
      return choice.value
    },
    async checkbox() {
      throw new Error('not used')
    },
    async input(message: string, options: InputPromptOptions = {}): Promise<string> {
      for (;;) {
        const answer = String(next(message))
        const verdict = options.validate?.(answer) ?? true
        if (verdict === true) return answer
        asked.push(`! ${verdict}`)
      }
    },
    async confirm(message: string): Promise<boolean> {
      return next(message) as boolean
    },
  }
  return { prompter, asked }
}

function terminalContext(): Context & { stdout: BufferSink; stderr: BufferSink } {
  return {
    stdout: new BufferSink(),
    stderr: new BufferSink(),
    stdin: process.stdin,
    env: isolatedEnv(),
    cwd: process.cwd(),
  }
}

describe('apictl soap call without an operation, on a terminal', () => {
  it('picks the operation, asks for each parameter by type, then sends the call', async () => {
    const { prompter, asked } = scriptedPrompter([
      'PlaceOrder',
      'Ann',
      '',
      'A',
      'two',
      '2',
      false,
      'high',
      '',
    ])
    const ctx = terminalContext()
    const options = {
      wsdl: IMPORTS_WSDL,
      endpoint: `${server.url}/soap`,
      retry: 0,
      output: 'pretty' as const,
    }
    const code = await runSoapCall(undefined, [], options, ctx, prompter)
    expect(ctx.stderr.text()).toBe('')
    expect(code).toBe(0)
    expect(asked).toEqual([
      'Operation',
      'customer.name (string)',
      'customer.email (string, empty to leave out)',
      'line #1.sku (string)',
      'line #1.quantity (int)',
      '! Enter an int: a whole number from -2147483648 to 2147483647.',
      'line #1.quantity (int)',
      'Add line #2?',
      'priority',
      'comment (string, empty to leave out)',
    ])
    expect(ctx.stdout.text()).toBe('EchoResponse\n  ok  true\n')
    const order = must(parse(server.received[0]!.body), 'PlaceOrder')
    expect(must(order, 'name').children).toEqual(['Ann'])
    expect(findAll(order, 'email')).toEqual([])
    expect(must(order, 'quantity').children).toEqual(['2'])
    expect(must(order, 'priority').children).toEqual(['high'])
    expect(server.received[0]!.headers.soapaction).toBe('"urn:example:orders/PlaceOrder"')
  })
})

describe('apictl soap call without an operation: header parts', () => {
  const HEADER_WSDL = join(
    import.meta.dirname,
    '..',
    '..',
    '..',
    '..',
    'fixtures',
    'wsdl-corpus',
    'zeep-soap-header',
    'soap_header.wsdl',
  )

  it('asks whether to fill the soap:header parts, then their fields, and sends them in the Header', async () => {
    const { prompter, asked } = scriptedPrompter([
      'GetLastTradePrice',
      'ACME',
      true,
      true,
      'ann',
      's3cret',
      true,
      'tok-1',
    ])
    const ctx = terminalContext()
    const options = { wsdl: HEADER_WSDL, endpoint: `${server.url}/soap`, retry: 0 }
    const code = await runSoapCall(undefined, [], options, ctx, prompter)
    expect(code).toBe(0)
    expect(asked).toEqual([
      'Operation',
      'tickerSymbol (string)',
      'Fill the SOAP header entries (Authentication, Token)?',
      'Add Authentication?',
      'Authentication.username (string)',
      'Authentication.password (string)',
      'Add Token?',
      'Token.value (string)',
    ])
    const envelope = parse(server.received.at(-1)!.body)
    const header = must(envelope, 'Header')
    expect(must(must(header, 'Authentication'), 'username').children).toEqual(['ann'])
    expect(must(must(header, 'Token'), 'value').children).toEqual(['tok-1'])
    expect(findAll(must(envelope, 'Body'), 'Authentication')).toEqual([])
  })

  it('leaves the Header out when the answer is no', async () => {
    const { prompter } = scriptedPrompter(['GetLastTradePrice', 'ACME', false])
    const ctx = terminalContext()
    const options = { wsdl: HEADER_WSDL, endpoint: `${server.url}/soap`, retry: 0 }
    expect(await runSoapCall(undefined, [], options, ctx, prompter)).toBe(0)
    expect(findAll(parse(server.received.at(-1)!.body), 'Authentication')).toEqual([])
  })
})
