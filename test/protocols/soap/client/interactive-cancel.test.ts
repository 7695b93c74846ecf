import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { hasTmux, TmuxPane } from '../../../repl/support/tmux-pane.js'
import { CLI, isolatedEnv } from '../../../support/run-cli.js'
import { FIXTURES } from './support/soap-client-support.js'

const title = hasTmux
  ? 'Ctrl-C at an interactive prompt exits 130, as shells expect for SIGINT (tmux)'
  : 'Ctrl-C at an interactive prompt — skipped: tmux is not installed, and these tests drive a real terminal'

const CALCULATOR_WSDL = join(FIXTURES, 'calculator', 'calculator.wsdl')

describe.skipIf(!hasTmux)(title, () => {
  const panes: TmuxPane[] = []
  afterEach(() => {
    for (const pane of panes.splice(0)) pane.close()
  })

  function open(args: string[]): TmuxPane {
    const quoted = args.map((arg) => `'${arg}'`).join(' ')
    const pane = new TmuxPane(`'${process.execPath}' '${CLI}' ${quoted}`, {
      ...isolatedEnv(),
      TERM: 'xterm-256color',
    })
    panes.push(pane)
    return pane
  }

  it('soap call: at the operation prompt, and at a parameter prompt', async () => {
    const args = ['soap', 'call', '--wsdl', CALCULATOR_WSDL, '-e', 'http://127.0.0.1:9/calc']
    const atOperation = open(args)
    await atOperation.waitFor('Operation')
    atOperation.press('C-c')
    const screen = await atOperation.waitFor('[exited 130]')
    expect(screen).toContain('soap call: cancelled.')

    const atParameter = open(args)
    await atParameter.waitFor('Operation')
    atParameter.press('Enter')
    await atParameter.waitFor(/a \(int\)\s*$/m)
    atParameter.press('C-c')
    await atParameter.waitFor('[exited 130]')
  })

  it('gql build does the same', async () => {
    const pane = open(['gql', 'build'])
    await pane.waitFor(/Operation|Query field/, 20_000)
    pane.press('C-c')
    const screen = await pane.waitFor('[exited 130]')
    expect(screen).toContain('gql build: cancelled.')
  })
})
