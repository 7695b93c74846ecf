import { type ChildProcess, spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadedSourcesOf } from '../../../support/loaded-sources.js'
import { CLI } from '../../../support/run-cli.js'
import { tempDir } from '../../../support/temp-dir.js'
import { call, envelope, postSoap } from './soap-test-support.js'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..')
const TRACER = join(ROOT, 'test', 'support', 'trace-imports.mjs')
const SOAP_SOURCES = /node_modules\/(xml-js|sax)\/|src\/protocols\/soap\//

/** The sources the process has loaded so far: files from node_modules, or bundled into the dist chunks it loaded. */
function loadedSources(traceFile: string): string[] {
  return loadedSourcesOf(traceFile)
}

let child: ChildProcess | undefined
afterEach(() => {
  child?.kill()
  child = undefined
})

function serve(traceFile: string): Promise<string> {
  const started = spawn(process.execPath, ['--import', TRACER, CLI, 'serve', '--port', '0', '--quiet'], {
    env: { PATH: process.env.PATH, TRACE_IMPORTS_FILE: traceFile, APICTL_CONFIG_DIR: join(tmpdir(), 'none') },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child = started
  return new Promise((resolve, reject) => {
    let stderr = ''
    started.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk
      const match = /listening on (http:\/\/\S+)/.exec(stderr)
      if (match) resolve(match[1]!)
    })
    started.on('exit', (code) => reject(new Error(`serve exited (${code}): ${stderr}`)))
  })
}

describe('the SOAP half loads lazily', () => {
  it('serving REST loads nothing XML or SOAP; the first /soap request does', async () => {
    const traceFile = join(tempDir('apictl-soap-trace-'), 'imports.txt')
    const url = await serve(traceFile)
    expect((await fetch(`${url}/v1/items/1`)).status).toBe(200)
    expect(loadedSources(traceFile).filter((source) => SOAP_SOURCES.test(source))).toEqual([])

    const answer = await postSoap(url, envelope('1.1', call('GetItem', '<tns:id>1</tns:id>')))
    expect(answer.status).toBe(200)
    const loaded = loadedSources(traceFile)
    expect(loaded.some((source) => source.includes('node_modules/xml-js/'))).toBe(true)
    expect(loaded.some((source) => source.includes('src/protocols/soap/server/soap-mount.ts'))).toBe(true)
  })
})
