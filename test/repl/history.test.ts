import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isolatedEnv } from '../support/run-cli.js'
import { runReplScript } from './support/run-repl-script.js'

describe('.history (scripted stdin)', () => {
  it('says so when there is no history at all', async () => {
    const run = await runReplScript('.history\n', isolatedEnv({ NO_COLOR: '1' }))
    expect(run.code).toBe(0)
    expect(run.output).toContain('local rest> .history\n(no history yet)\n')
  })

  it("shows earlier sessions' lines from the history file, then this session's, numbered and redacted", async () => {
    const env = isolatedEnv({ NO_COLOR: '1' })
    mkdirSync(env.APICTL_CONFIG_DIR!, { recursive: true })
    writeFileSync(join(env.APICTL_CONFIG_DIR!, 'repl_history'), 'get /v1/items\n.auth basic ••••\n')
    const run = await runReplScript(
      [
        '.auth basic demo:demo',
        'get /v1/items/1 --user demo:demo --dry-run',
        'gql { itemCount } --token abc --dry-run',
        'get http://u:urlpass@127.0.0.1:1/ --dry-run',
        '.history',
        '.history 2',
        '',
      ].join('\n'),
      env,
    )
    expect(run.code).toBe(0)
    const shown = run.output.slice(run.output.indexOf('local rest> .history\n'))
    expect(shown).toBe(
      [
        'local rest> .history',
        '1  get /v1/items',
        '2  .auth basic ••••',
        '3  .auth basic ••••',
        '4  get /v1/items/1 --user •••• --dry-run',
        '5  gql { itemCount } --token •••• --dry-run',
        '6  get http://u:••••@127.0.0.1:1/ --dry-run',
        'local rest> .history 2',
        '6  get http://u:••••@127.0.0.1:1/ --dry-run',
        '7  .history',
        '',
      ].join('\n'),
    )
  })
})
