import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadedSourcesOf } from '../support/loaded-sources.js'
import { isolatedEnv, runNode } from '../support/run-cli.js'
import { tempDir } from '../support/temp-dir.js'

const ROOT = join(import.meta.dirname, '..', '..')
const TRACER = join(ROOT, 'test', 'support', 'trace-imports.mjs')
const REACT = /(^|\/)(node_modules\/(react|react-dom|scheduler)|src\/react)\//
const traces = tempDir('apictl-react-trace-')

/**
 * Runs `code` as an ES module in the package's folder, where `import 'apictl'` resolves to the
 * package itself through its "exports" (as it does for a program that installed it), and
 * returns its output and every source it loaded.
 */
async function tracedModule(name: string, code: string) {
  const file = join(traces, `${name}.txt`)
  const run = await runNode(['--import', TRACER, '--input-type=module', '-e', code], {
    cwd: ROOT,
    env: isolatedEnv({ TRACE_IMPORTS_FILE: file }),
  })
  return { ...run, sources: loadedSourcesOf(file), urls: readFileSync(file, 'utf8').split('\n') }
}

describe('apictl/react is its own entry point; React loads only for programs that import it', () => {
  it("a program that imports 'apictl' and runs a GraphQL query loads no React", async () => {
    const run = await tracedModule(
      'library',
      `import { createClient } from 'apictl'
       const api = createClient({ profile: 'local' })
       const { data, error } = await api.query('{ itemCount }')
       console.log(JSON.stringify({ data, error }))
       await api.close()`,
    )
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual({ data: { itemCount: 40 } })
    expect(run.urls.some((url) => url.endsWith('/dist/index.js'))).toBe(true)
    expect(run.sources.filter((source) => REACT.test(source))).toEqual([])
  })

  it("one that imports 'apictl/react' gets the hooks, and React from its own node_modules", async () => {
    const run = await tracedModule(
      'react',
      `import * as hooks from 'apictl/react'
       console.log(Object.keys(hooks).sort().join(' '))`,
    )
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe('ApictlProvider useApictlClient useMutation useQuery')
    expect(run.urls.some((url) => url.endsWith('/dist/react.js'))).toBe(true)
    expect(run.sources.some((source) => /\/node_modules\/react\//.test(source))).toBe(true)
  })

  it('the CLI bundles hold no React and nothing of src/react/; dist/react.js leaves React external', () => {
    const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'meta.json'), 'utf8')) as {
      outputs: Record<
        string,
        { inputs: Record<string, unknown>; imports: Array<{ path: string; external?: boolean }> }
      >
    }
    const cli = Object.keys(meta.outputs).filter((name) => /^dist\/cli\/.*\.cjs$/.test(name))
    expect(cli.length).toBeGreaterThanOrEqual(4)
    for (const name of cli) {
      expect(Object.keys(meta.outputs[name]!.inputs).filter((input) => REACT.test(input))).toEqual([])
    }
    const react = meta.outputs['dist/react.js']!
    expect(Object.keys(react.inputs).filter((input) => /node_modules/.test(input))).toEqual([])
    expect(react.imports).toContainEqual(expect.objectContaining({ path: 'react', external: true }))
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
    expect(pkg.exports['./react']).toEqual({
      types: './dist/types/react/index.d.ts',
      import: './dist/react.js',
    })
    expect(pkg.peerDependenciesMeta.react.optional).toBe(true)
  })
})
