import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isolatedEnv, runCli } from '../support/run-cli.js'

const has = (shell: string) => spawnSync(shell, ['-c', 'true']).status === 0

/** What bash's completion function offers for a command line (the last word is the one being completed). */
function bashComplete(script: string, line: string): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'apictl-completion-')), 'apictl.bash')
  writeFileSync(file, script)
  const words = line.split(' ')
  const program = `source ${JSON.stringify(file)}
COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; COMPREPLY=()
_apictl; printf '%s\\n' "\${COMPREPLY[@]}"`
  return execFileSync('bash', ['-c', program], { encoding: 'utf8' }).split('\n').filter(Boolean)
}

describe('apictl completion bash|zsh|fish: shell completion generated from the commands', () => {
  it.skipIf(!has('bash'))('bash: subcommands, nested ones, methods, options and their values', async () => {
    const result = await runCli(['completion', 'bash'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('complete -o default -F _apictl apictl')
    const script = result.stdout
    expect(bashComplete(script, 'apictl re')).toEqual(['rest', 'repl'])
    expect(bashComplete(script, 'apictl rest ')).toEqual([
      'get',
      'post',
      'put',
      'patch',
      'delete',
      'head',
      'options',
      'lint',
    ])
    expect(bashComplete(script, 'apictl soap c')).toEqual(['call'])
    expect(bashComplete(script, 'apictl gql -o ')).toEqual(['pretty', 'json', 'raw', 'table', 'xml'])
    expect(bashComplete(script, 'apictl rest get /v1/items --max')).toEqual(['--max-pages'])
    expect(bashComplete(script, 'apictl soap call GetItem --soap ')).toEqual(['1.1', '1.2'])
    expect(bashComplete(script, 'apictl repl --e')).toEqual(['--echo'])
    expect(bashComplete(script, 'apictl completion ')).toEqual(['bash', 'zsh', 'fish'])
  })

  it('zsh and fish scripts name every command, and parse where the shell is installed', async () => {
    const zsh = (await runCli(['completion', 'zsh'])).stdout
    expect(zsh).toMatch(/^#compdef apictl/)
    expect(zsh).toContain("'repl:an interactive session")
    expect(zsh).toContain('"apictl soap call")')
    const fish = (await runCli(['completion', 'fish'])).stdout
    expect(fish).toContain("complete -c apictl -n '__fish_use_subcommand' -a repl")
    expect(fish).toContain("-l output -s o -r -a 'pretty json raw table xml'")
    for (const [shell, script] of [
      ['zsh', zsh],
      ['fish', fish],
    ] as const) {
      if (!has(shell)) continue
      const file = join(mkdtempSync(join(tmpdir(), 'apictl-completion-')), `apictl.${shell}`)
      writeFileSync(file, script)
      expect(spawnSync(shell, ['-n', file]).status).toBe(0)
    }
  })

  it('refuses a shell it does not know', async () => {
    const result = await runCli(['completion', 'powershell'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/Allowed choices are bash, zsh, fish/)
  })
})

describe('apictl with no arguments', () => {
  it('prints the help when stdin is not a terminal (the REPL opens on one: see terminal.test.ts)', async () => {
    const result = await runCli([], { env: isolatedEnv() })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/Usage: apictl/)
    expect(result.stderr).toMatch(/repl\b.*interactive session/)
  })

  it('still reports an unknown command with a suggestion', async () => {
    const result = await runCli(['repll'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/unknown command 'repll'/)
    expect(result.stderr).toMatch(/Did you mean repl\?/)
  })
})
