// Stoplight Prism, unmodified, mocking an OpenAPI document: a REST server that answers every
// page with the same example, so `--all` must stop after one page and say why (the issue saw
// 100 identical pets). Prism is no dependency of the project: .ci/run installs a version that
// runs on Node 20 into the witness cache (npm install --prefix), and this file finds it there.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import {
  missingTool,
  type StockProcess,
  sayWhySkipped,
  startStockProcess,
  witnessDir,
} from '../support/stock-process.js'

const prism = join(witnessDir(), 'prism', 'node_modules', '.bin', 'prism')
const document = join(import.meta.dirname, '..', '..', 'fixtures', 'witnesses', 'prism', 'pets.yaml')
const missing = missingTool(
  prism,
  ['--version'],
  `.ci/run installs it: npm install --prefix ${join(witnessDir(), 'prism')} @stoplight/prism-cli@5.14.2`,
)
sayWhySkipped('Prism', missing)

describe.skipIf(missing !== undefined)('Prism mocking an OpenAPI document', () => {
  let server: StockProcess
  beforeAll(async () => {
    server = await startStockProcess({
      command: prism,
      args: (port) => ['mock', '--host', '127.0.0.1', '--port', String(port), document],
      env: { NO_COLOR: '1', FORCE_COLOR: '0' },
      ready: /Prism is listening on/,
      startMs: 60_000,
    })
  }, 70_000)
  afterAll(() => server?.stop())

  it('--all against a server that ignores page: one page, and a warning', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/v1/pets`, '--all'])
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual([
      { id: 1, name: 'Rex', tag: 'dog' },
      { id: 2, name: 'Tom', tag: 'cat' },
      { id: 3, name: 'Polly', tag: 'bird' },
    ])
    expect(result.stderr).toBe(
      'warning: page 2 repeats page 1 (the server seems to ignore page=): --all stopped there, showing page 1 only.\n',
    )
  })

  it('--all -o table: the one page as rows', async () => {
    const result = await runCliInProcess([
      'rest',
      'get',
      `${server.url}/v1/pets`,
      '--all',
      '-o',
      'table',
      '--limit',
      '3',
    ])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout.split('\n').filter((line) => /^│\s+\d+ │ \w+\s+│ \w+\s+│$/.test(line))).toHaveLength(
      3,
    )
  })

  it('its 404 example (Prefer: code=404) and its request validation (422) are exit 4', async () => {
    const missingPet = await runCliInProcess(['rest', 'get', `${server.url}/v1/pets/7`, 'Prefer:code=404'])
    expect(missingPet.code).toBe(4)
    expect(JSON.parse(missingPet.stdout)).toEqual({ title: 'Not Found', status: 404 })
    const invalid = await runCliInProcess(['rest', 'get', `${server.url}/v1/pets`, 'page==first'])
    expect(invalid.code).toBe(4)
    expect(invalid.stderr).toContain('HTTP/1.1 422')
    expect(JSON.parse(invalid.stdout)).toMatchObject({ status: 422, title: 'Invalid request' })
  })
})
