import { afterEach, describe, expect, it } from 'vitest'
import { openTestSession, type TestSession } from './support/repl-session.js'
import { type Answer, promptCancelled, scriptedPrompter } from './support/scripted-prompter.js'

/**
 * Guided input through the Prompter seam (inquirer on a terminal, a script
 * here): `build` in gql style, a SOAP operation without its parameters.
 */
describe('guided input in the REPL', () => {
  let test: TestSession | undefined
  afterEach(async () => {
    await test?.close()
    test = undefined
  })

  async function session(script: Answer[]) {
    const scripted = scriptedPrompter(script)
    test = await openTestSession({ prompter: scripted.prompter })
    const run = (line: string) => test!.dispatcher.run(line, test!.session, test!.ctx)
    return { ...scripted, run, test }
  }

  it('build picks a query field by field, prints the document, sends it, and keeps it for .save', async () => {
    const { run, asked, left, test } = await session(['query', 'item', '3', ['name', 'price'], true])
    expect(await run('build')).toBe(0)
    expect(left()).toBe(0)
    expect(asked[0]).toMatch(/operation/i)
    const out = test.ctx.stdout.text()
    expect(out).toContain('{\n  item(id: 3) {\n    name\n    price\n  }\n}\n')
    expect(out).toContain('"name": "USB-C Hub"')
    expect(test.session.lastRequest).toBe('gql {\n  item(id: 3) {\n    name\n    price\n  }\n}')
    expect(test.session.last?.value).toEqual({ item: { name: 'USB-C Hub', price: 45 } })
  })

  it('build: Ctrl-C in a prompt returns to the REPL with nothing sent', async () => {
    const { run, test } = await session(['query', promptCancelled()])
    expect(await run('build')).toBe(0)
    expect(test.ctx.stderr.text()).toContain('build: cancelled.')
    expect(test.session.last).toBeUndefined()
  })

  it('soap with an operation that needs parameters and none given asks for each, with its type', async () => {
    const { run, asked, test } = await session(['1'])
    expect(await run('soap GetItem')).toBe(0)
    expect(asked).toEqual(['id (string)'])
    expect(test.ctx.stdout.text()).toContain('Mechanical Keyboard')
    expect(test.session.last?.value).toMatchObject({ item: { id: '1' } })
  })

  it('soap alone picks the operation, then its parameters; one with only optional ones is just sent', async () => {
    const { run, asked, test } = await session(['GetItem', '2'])
    expect(await run('soap')).toBe(0)
    expect(asked).toEqual(['Operation', 'id (string)'])
    expect(test.ctx.stdout.text()).toContain('Wireless Mouse')
    expect(await run('soap ListItems limit=1')).toBe(0)
    expect(asked).toHaveLength(2)
  })

  it('without a terminal and no prompter, build refuses and says what to do', async () => {
    test = await openTestSession()
    await expect(test.dispatcher.run('build', test.session, test.ctx)).rejects.toThrow(/needs a terminal/)
    await expect(test.dispatcher.run('soap', test.session, test.ctx)).rejects.toThrow(
      /soap needs an OPERATION/,
    )
  })
})
