import { execFileSync, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useReferenceProfile } from '../support/reference-profile.js'
import { CLI, isolatedEnv, runCli } from '../support/run-cli.js'
import { tempDir } from '../support/temp-dir.js'

const has = (shell: string) => spawnSync(shell, ['-c', 'true']).status === 0

type Env = Record<string, string | undefined>

/** A folder holding an `apictl` that runs this CLI, for PATH: the scripts run `apictl __complete` and `apictl profile list`. */
function apictlOnPath(folder: string): string {
  writeFileSync(
    join(folder, 'apictl'),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`,
    { mode: 0o755 },
  )
  return `${folder}:${process.env.PATH}`
}

/** What bash's completion function offers for a command line (the last word is the one being completed). */
function bashComplete(script: string, line: string, env: Env = process.env): string[] {
  const folder = tempDir('apictl-completion-')
  const file = join(folder, 'apictl.bash')
  writeFileSync(file, script)
  const words = line.split(' ')
  const program = `source ${JSON.stringify(file)}
COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; COMPREPLY=()
_apictl; printf '%s\\n' "\${COMPREPLY[@]}"`
  return execFileSync('bash', ['-c', program], {
    encoding: 'utf8',
    env: { ...env, PATH: apictlOnPath(folder) },
  })
    .split('\n')
    .filter(Boolean)
}

/**
 * What zsh's completion function offers: `_apictl` runs with `words`/`CURRENT` set as zsh's
 * completion system sets them, and `_describe`/`compadd` (the completion system's, absent under
 * `zsh -f`) replaced by stand-ins that print the offers matching the word being completed.
 */
function zshComplete(script: string, line: string, env: Env = process.env): string[] {
  const folder = tempDir('apictl-completion-')
  writeFileSync(join(folder, 'apictl.zsh'), script)
  const harness = join(folder, 'harness.zsh')
  writeFileSync(
    harness,
    `compdef() { : }
_describe() { local entry; for entry in "\${(@P)4}"; do entry=\${entry%%:*}; [[ $entry == \${words[CURRENT]}* ]] && print -r -- $entry; done }
compadd() { while (( $# )) && [[ $1 != -- ]]; do shift; done; shift; local word; for word in "$@"; do [[ $word == \${words[CURRENT]}* ]] && print -r -- $word; done }
source ${JSON.stringify(join(folder, 'apictl.zsh'))}
words=(\${(z)LINE}); [[ $LINE == *' ' ]] && words+=(''); CURRENT=\${#words}
_apictl
exit 0 # the stand-ins end on a failed match; what they printed is the answer
`,
  )
  return execFileSync('zsh', ['-f', harness], {
    encoding: 'utf8',
    env: { ...env, LINE: line, PATH: apictlOnPath(folder) },
  })
    .split('\n')
    .filter(Boolean)
}

/** What fish offers for a command line (`complete -C`), names only, with `apictl` on PATH running this CLI. */
function fishComplete(script: string, line: string, env: Env): string[] {
  const folder = tempDir('apictl-completion-')
  writeFileSync(join(folder, 'apictl.fish'), script)
  const path = apictlOnPath(folder)
  const program = `source ${JSON.stringify(join(folder, 'apictl.fish'))}; complete -C ${JSON.stringify(line)}`
  return execFileSync('fish', ['--no-config', '-c', program], {
    encoding: 'utf8',
    env: { ...env, PATH: path },
  })
    .split('\n')
    .filter(Boolean)
    .map((offer) => offer.split('\t')[0]!)
}

/** What bash and zsh offer (in the commands' order) for a command line; fish offers the same, sorted. */
const SHARED_CASES: Array<[string, string[]]> = [
  ['apictl re', ['rest', 'repl']],
  ['apictl rest ', ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'lint']],
  ['apictl soap c', ['call']],
  ['apictl gql -o ', ['pretty', 'json', 'raw', 'table', 'xml']],
  ['apictl rest get /v1/items --max', ['--max-pages', '--max-size']],
  ['apictl rest get /v1/items --print H', ['Hh', 'HBhb', 'HBhbm']],
  ['apictl rest get /v1/items --str', ['--strict', '--stream']],
  ['apictl soap call GetItem --soap ', ['1.1', '1.2']],
  ['apictl repl --e', ['--echo']],
  ['apictl completion ', ['bash', 'zsh', 'fish']],
]

describe('apictl completion bash|zsh|fish: shell completion generated from the commands', () => {
  it.skipIf(!has('bash'))('bash: subcommands, nested ones, methods, options and their values', async () => {
    const result = await runCli(['completion', 'bash'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('complete -o default -F _apictl apictl')
    for (const [line, offers] of SHARED_CASES) expect(bashComplete(result.stdout, line), line).toEqual(offers)
  })

  it.skipIf(!has('zsh'))('zsh: the same offers as bash', async () => {
    const script = (await runCli(['completion', 'zsh'])).stdout
    for (const [line, offers] of SHARED_CASES) expect(zshComplete(script, line), line).toEqual(offers)
  })

  it.skipIf(!has('fish'))(
    'fish: the same offers (fish sorts them), no file names for option values, profile names',
    async () => {
      const env = isolatedEnv()
      const script = (await runCli(['completion', 'fish'])).stdout
      for (const [line, offers] of SHARED_CASES) {
        expect(fishComplete(script, line, env), line).toEqual([...offers].sort())
      }
      expect(fishComplete(script, 'apictl rest get /v1 --timeout ', env)).toEqual([])
      const added = await runCli(['profile', 'add', 'staging', '--rest', 'http://127.0.0.1:9'], { env })
      expect(added.code).toBe(0)
      expect(fishComplete(script, 'apictl rest get /v1 --profile ', env)).toEqual(['local', 'staging'])
    },
  )

  it('zsh and fish scripts name every command, and parse where the shell is installed', async () => {
    const zsh = (await runCli(['completion', 'zsh'])).stdout
    expect(zsh).toMatch(/^#compdef apictl/)
    expect(zsh).toContain("'repl:an interactive session")
    expect(zsh).toContain('"apictl soap call")')
    const fish = (await runCli(['completion', 'fish'])).stdout
    expect(fish).toContain("complete -c apictl -n '__fish_use_subcommand' -a repl")
    expect(fish).toContain("-l output -s o -x -a 'pretty json raw table xml'")
    for (const [shell, script] of [
      ['zsh', zsh],
      ['fish', fish],
    ] as const) {
      if (!has(shell)) continue
      const file = join(tempDir('apictl-completion-'), `apictl.${shell}`)
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
    expect(result.stderr).toMatch(/Unknown command 'repll'/)
    expect(result.stderr).toMatch(/Did you mean repl\?/)
  })
})

describe('completion from the OpenAPI document, read from the cache only', () => {
  const ref = useReferenceProfile()
  /** What every shell offers (bash and zsh in this order; fish sorted), once the document is cached. */
  const DOCUMENT_CASES: Array<[string, string[]]> = [
    [
      'apictl rest get /v1/it',
      ['/v1/items', '/v1/items/{id}', '/v1/items/{id}/reviews', '/v1/items/{id}/reviews/{reviewId}'],
    ],
    ['apictl rest delete /v1/', ['/v1/items/{id}']],
    ['apictl rest post /v1/items na', ['name=']],
    ['apictl rest post /v1/items name=Pen ', ['description=', 'price=', 'quantity=', 'tags=']],
    ['apictl rest get /v1/items li', ['limit==']],
    ['apictl rest post /v1/items/1/reviews ', ['rating=', 'comment=', 'author=']],
    ['apictl rest ops /v2/items/{id}/r', ['/v2/items/{id}/reviews', '/v2/items/{id}/reviews/{reviewId}']],
    // Another profile on the line: its document (none cached for the built-in one here), not ref's.
    ['apictl rest get --profile local /v1/it', []],
  ]

  it.skipIf(!has('bash') || !has('zsh') || !has('fish'))(
    'bash, zsh and fish offer paths per method, query parameters and body fields; nothing is fetched',
    async () => {
      const [bash, zsh, fish] = await Promise.all(
        ['bash', 'zsh', 'fish'].map(async (shell) => (await runCli(['completion', shell])).stdout),
      )
      // Before the document is cached, Tab offers none of it, and fetches nothing to get it.
      expect(bashComplete(bash!, 'apictl rest get /v1/it', ref.env)).toEqual([])
      expect(ref.seen).toEqual([])
      const sent = await runCli(['rest', 'get', '/v1/items/1'], { env: ref.env })
      expect(sent.code).toBe(0)
      const traffic = ref.seen.length
      for (const [line, offers] of DOCUMENT_CASES) {
        expect(bashComplete(bash!, line, ref.env), `bash: ${line}`).toEqual(offers)
        expect(zshComplete(zsh!, line, ref.env), `zsh: ${line}`).toEqual(offers)
        expect(fishComplete(fish!, line, ref.env), `fish: ${line}`).toEqual([...offers].sort())
      }
      expect(ref.seen).toHaveLength(traffic)
      // What the shells offered before still holds on a rest line with a document.
      for (const [line, offers] of SHARED_CASES.filter(([line]) => line.startsWith('apictl rest'))) {
        expect(bashComplete(bash!, line, ref.env), `bash: ${line}`).toEqual(offers)
        expect(fishComplete(fish!, line, ref.env), `fish: ${line}`).toEqual([...offers].sort())
      }
    },
  )
})
