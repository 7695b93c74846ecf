import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { tempDir } from '../support/temp-dir.js'
import { runReplScript } from './support/run-repl-script.js'

describe('the REPL and request files', () => {
  it('.save FILE.http appends each style in the file format, credentials as variables; apictl run runs it', async () => {
    const file = join(tempDir(), 'saved.http')
    const env = isolatedEnv({ NO_COLOR: '1' })
    const run = await runReplScript(
      [
        'post /v1/items name=Pen price:=2.5 --user demo:demo',
        `.save ${file}`,
        'soap CreateItem name=Ink price=1 --wss demo:demo',
        `.save ${file}`,
        'gql { itemCount }',
        `.save ${file}`,
      ].join('\n'),
      env,
    )
    expect(run.output).toContain(`appended to ${file}: POST /v1/items name=Pen price:=2.5`)
    const text = readFileSync(file, 'utf8')
    expect(text).toBe(
      [
        '###',
        '# credentials: --var user=… --var password=… (or an http-client.private.env.json)',
        'POST /v1/items name=Pen price:=2.5',
        'Authorization: Basic {{user}} {{password}}',
        '',
        '###',
        '# credentials: --var wssUser=… --var wssPassword=… (or an http-client.private.env.json)',
        '# @wss {{wssUser}}:{{wssPassword}}',
        'SOAP CreateItem',
        'name=Ink',
        'price=1',
        '',
        '###',
        'GRAPHQL',
        '',
        '{ itemCount }',
        '',
        '',
      ].join('\n'),
    )
    expect(text).not.toContain('demo')
    const again = await runCliInProcess(
      [
        'run',
        file,
        '--var',
        'user=demo',
        '--var',
        'password=demo',
        '--var',
        'wssUser=demo',
        '--var',
        'wssPassword=demo',
      ],
      { env },
    )
    expect(again.stderr).not.toMatch(/problem/)
    expect(again.code).toBe(0)
  })

  it('.run FILE.http runs the file over the session (its data store), .run NAME still runs a saved request', async () => {
    const dir = tempDir()
    const file = join(dir, 'create.http')
    const { writeFileSync } = await import('node:fs')
    writeFileSync(
      file,
      '# @name made\nPOST /v1/items name=FromFile price:=1\nAuthorization: Basic demo demo\n\n?? status == 201\n',
    )
    const env = isolatedEnv({ NO_COLOR: '1' })
    const run = await runReplScript(
      [`.run ${file}`, 'get /v1/items?limit=100 -o json', '.save all', '.run all'].join('\n'),
      env,
    )
    // The item the file created is in the session's store, listed by the next line (twice: .run all).
    expect(run.output.match(/"name": "FromFile"/g)).toHaveLength(2)
  })
})
