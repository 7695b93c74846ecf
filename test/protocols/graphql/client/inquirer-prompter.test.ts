import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { inquirerPrompter } from '../../../../src/prompt/inquirer-prompter.js'
import { waitFor } from './support/wait-for.js'

/** Terminal streams for inquirer: keys go in, the rendered prompts come out. */
function fakeTerminal() {
  const input = new PassThrough()
  const output = new PassThrough()
  // Each inquirer prompt pipes into the output and ends it when done; a real terminal (process.stderr) is never
  // ended by a pipe, so neither is this one.
  output.end = (() => output) as typeof output.end
  let screen = ''
  output.on('data', (chunk: Buffer) => {
    screen += chunk.toString('utf8')
  })
  return {
    streams: { input, output },
    screen: () => screen,
    /** Waits for `text` on the screen, then types `keys`. */
    async answer(text: string, keys: string) {
      await waitFor(() => screen.includes(text), `"${text}" on the screen`)
      screen = ''
      input.write(keys)
    },
  }
}

const DOWN = '\u001b[B'
const ENTER = '\r'

describe('the Prompter over inquirer', () => {
  it('select, checkbox, input (with validation) and confirm, driven by keys', async () => {
    const terminal = fakeTerminal()
    const prompter = inquirerPrompter(terminal.streams)

    const selected = prompter.select('Operation', [
      { name: 'query', value: 'query' },
      { name: 'mutation', value: 'mutation' },
    ])
    await terminal.answer('Operation', `${DOWN}${ENTER}`)
    expect(await selected).toBe('mutation')

    const checked = prompter.checkbox('Fields', [
      { name: 'id', value: 'id' },
      { name: 'title', value: 'title' },
      { name: 'year', value: 'year' },
    ])
    await terminal.answer('Fields', ` ${DOWN}${DOWN} ${ENTER}`)
    expect(await checked).toEqual(['id', 'year'])

    const typed = prompter.input('first* (Int!)', {
      validate: (text) => (/^\d+$/.test(text) ? true : 'Enter a whole number (Int).'),
    })
    await terminal.answer('first* (Int!)', `two${ENTER}`)
    await terminal.answer('Enter a whole number (Int).', `\u007f\u007f\u007f3${ENTER}`)
    expect(await typed).toBe('3')

    const confirmed = prompter.confirm('Send it?', true)
    await terminal.answer('Send it?', ENTER)
    expect(await confirmed).toBe(true)
  })
})
