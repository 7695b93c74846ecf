import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadedSourcesOf } from '../../../support/loaded-sources.js'
import { CLI, isolatedEnv } from '../../../support/run-cli.js'
import { tempDir } from '../../../support/temp-dir.js'
import { echoReply, type RecordingServer, startRecordingServer } from './support/recording-server.js'
import { IMPORTS_WSDL } from './support/soap-client-support.js'

const exec = promisify(execFile)
const ROOT = join(import.meta.dirname, '..', '..', '..', '..')
const TRACER = join(ROOT, 'test', 'support', 'trace-imports.mjs')

/** The package sources a run loaded, from node_modules or bundled into the dist files it loaded. */
async function loadedPackages(args: string[], env: Record<string, string | undefined>): Promise<Set<string>> {
  const file = join(tempDir('apictl-trace-'), 'imports.txt')
  await exec(process.execPath, ['--import', TRACER, CLI, ...args], {
    env: { ...env, TRACE_IMPORTS_FILE: file },
  })
  const packages = new Set<string>()
  for (const source of loadedSourcesOf(file)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)
    if (match) packages.add(match[1]!)
  }
  return packages
}

let server: RecordingServer
beforeAll(async () => {
  server = await startRecordingServer(echoReply)
})
afterAll(() => server.close())

describe('apictl soap loads only what it uses', () => {
  it('soap call --help loads none of got, xml-js, cli-table3 or inquirer', async () => {
    const packages = await loadedPackages(['soap', 'call', '--help'], isolatedEnv())
    expect(packages.has('commander')).toBe(true)
    for (const heavy of ['got', 'xml-js', 'sax', 'cli-table3', 'inquirer', '@inquirer/core', 'graphql'])
      expect(packages.has(heavy), heavy).toBe(false)
  })

  it('a call with a cached WSDL loads got and xml-js (the check can fail) but not cli-table3, inquirer or graphql', async () => {
    const env = isolatedEnv()
    const args = [
      'soap',
      'call',
      'CancelOrder',
      'orderId=1',
      '--wsdl',
      IMPORTS_WSDL,
      '-e',
      `${server.url}/soap`,
    ]
    await exec(process.execPath, [CLI, ...args], { env })
    const packages = await loadedPackages(args, env)
    expect(packages.has('got')).toBe(true)
    expect(packages.has('xml-js')).toBe(true)
    for (const heavy of ['cli-table3', 'inquirer', '@inquirer/core', 'graphql', '@apollo/server'])
      expect(packages.has(heavy), heavy).toBe(false)
  })
})
