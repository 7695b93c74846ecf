import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { VERSION } from '../../src/core/version.js'
import { loadedSourcesOf } from '../support/loaded-sources.js'
import { CLI } from '../support/run-cli.js'
import { tempDir } from '../support/temp-dir.js'

const exec = promisify(execFile)
const TRACER = join(import.meta.dirname, '..', 'support', 'trace-imports.mjs')

async function loadedModules(
  args: string[],
): Promise<{ modules: string[]; sources: string[]; stdout: string }> {
  const file = join(tempDir('apictl-trace-'), 'imports.txt')
  const { stdout } = await exec(process.execPath, ['--import', TRACER, CLI, ...args], {
    env: { PATH: process.env.PATH, TRACE_IMPORTS_FILE: file, APICTL_CONFIG_DIR: join(tmpdir(), 'none') },
  })
  return {
    modules: readFileSync(file, 'utf8').split('\n').filter(Boolean),
    sources: loadedSourcesOf(file),
    stdout,
  }
}

const HEAVY = /node_modules\/(got|graphql|graphql-request|xml-js|@apollo|cli-table3|inquirer|@inquirer)\//

describe('start-up loads only what a command uses', () => {
  it('--version prints the version and loads no package', async () => {
    const { modules, stdout } = await loadedModules(['--version'])
    expect(stdout.trim()).toBe(VERSION)
    expect(modules.filter((url) => url.includes('node_modules'))).toEqual([])
  })

  it('--help loads commander but none of got, graphql or xml-js', async () => {
    const { sources, stdout } = await loadedModules(['--help'])
    expect(stdout).toMatch(/Usage: apictl/)
    expect(sources.some((source) => source.includes('node_modules/commander/'))).toBe(true)
    expect(sources.filter((source) => HEAVY.test(source))).toEqual([])
  })

  it('rest --help loads none of them either', async () => {
    const { sources, stdout } = await loadedModules(['rest', '--help'])
    expect(stdout).toMatch(/Examples:/)
    expect(sources.filter((source) => HEAVY.test(source))).toEqual([])
  })

  it('rest get does load got (the check can fail)', async () => {
    const { sources } = await loadedModules(['rest', 'get', 'http://127.0.0.1:9/x', '--dry-run'])
    expect(sources.some((source) => source.includes('node_modules/got/'))).toBe(true)
  })

  it('proxy, HTTP/2 and cookie support load only when used (hpagent, http2-wrapper, tough-cookie)', async () => {
    const EXTRAS = /node_modules\/(hpagent|http2-wrapper|tough-cookie|tldts)\//
    const plain = await loadedModules(['rest', 'get', 'http://127.0.0.1:9/x', '--dry-run'])
    expect(plain.sources.filter((source) => EXTRAS.test(source))).toEqual([])
    // The check can fail: asked for, they load (the request itself fails: nothing listens on port 9).
    const file = join(tempDir('apictl-trace-'), 'imports.txt')
    const args = ['rest', 'get', 'https://127.0.0.1:9/x', '--http2', '--proxy', 'http://127.0.0.1:9']
    await exec(process.execPath, ['--import', TRACER, CLI, ...args], {
      env: { PATH: process.env.PATH, TRACE_IMPORTS_FILE: file, APICTL_CONFIG_DIR: join(tmpdir(), 'none') },
    }).catch(() => undefined)
    const used = loadedSourcesOf(file).filter((source) => EXTRAS.test(source))
    expect(used.some((source) => source.includes('node_modules/hpagent/'))).toBe(true)
  })

  it("rest get creates no Intl object (initialising ICU costs ~10 ms; the build defers got's)", async () => {
    // Counts Intl.ListFormat constructions and prints the count to stderr as the process exits.
    const counter = `data:text/javascript,${encodeURIComponent(`
      let made = 0
      const ListFormat = Intl.ListFormat
      Intl.ListFormat = new Proxy(ListFormat, { construct: (target, args) => (made++, new target(...args)) })
      process.on('exit', () => process.stderr.write('list-formats:' + made))
    `)}`
    const { stderr } = await exec(
      process.execPath,
      ['--import', counter, CLI, 'rest', 'get', 'http://127.0.0.1:9/x', '--dry-run'],
      { env: { PATH: process.env.PATH, APICTL_CONFIG_DIR: join(tmpdir(), 'none') } },
    )
    expect(stderr).toContain('list-formats:0')
  })

  it('rest, gql and soap load a bundle without the other commands; the rest load the full one', async () => {
    const bundleOf = async (args: string[]) =>
      (await loadedModules(args)).modules
        .find((url) => url.includes('/dist/cli/'))
        ?.replace(/.*\/dist\/cli\//, '')
    expect(await bundleOf(['rest', 'get', 'http://127.0.0.1:9/x', '--dry-run'])).toBe('apictl-rest.cjs')
    expect(await bundleOf(['soap', '--help'])).toBe('apictl-soap.cjs')
    expect(await bundleOf(['gql', '--help'])).toBe('apictl-gql.cjs')
    expect(await bundleOf(['--help'])).toBe('apictl.cjs')
    expect(await bundleOf(['profile', 'list'])).toBe('apictl.cjs')
    // The shell's Tab: a bundle of its own, without the program (and none of the heavy packages).
    const tab = await loadedModules(['__complete', '--', 'rest', 'get', '/'])
    expect(tab.modules.find((url) => url.includes('/dist/cli/'))).toMatch(
      /\/dist\/cli\/apictl-complete\.cjs$/,
    )
    expect(tab.sources.filter((source) => HEAVY.test(source))).toEqual([])
    const meta = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'meta.json'), 'utf8'),
    ) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>
    }
    // Paths under node_modules, also when node_modules is a symlink (esbuild records the real path, e.g. ../../x/node_modules/…).
    const inputs = (file: string) =>
      Object.keys(meta.outputs[`dist/cli/${file}`]!.inputs).map((input) =>
        input.replace(/^.*?(?=node_modules\/)/, ''),
      )
    expect(inputs('apictl-soap.cjs').filter((input) => input.startsWith('node_modules/graphql/'))).toEqual([])
    expect(inputs('apictl-rest.cjs').filter((input) => input.startsWith('node_modules/graphql/'))).toEqual([])
    expect(inputs('apictl.cjs').some((input) => input.startsWith('node_modules/graphql/'))).toBe(true)
  })

  it('the version in src matches package.json', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
      version: string
    }
    expect(VERSION).toBe(pkg.version)
  })
})
