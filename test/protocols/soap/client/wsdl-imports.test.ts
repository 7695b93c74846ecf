// Where a WSDL may import from (SPEC §6): a remote WSDL only from its own origin over http(s), never
// file:; a local file only local files; within the time limit and size bounds; a refused import named.
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HostileServer, pingWsdl, startHostileServer } from '../../../support/hostile-server.js'
import { type MeasuredResult, runMeasured } from '../../../support/run-measured.js'
import { IMPORTS_WSDL } from './support/soap-client-support.js'

let server: HostileServer
let bystander: HostileServer
let folder: string
beforeAll(async () => {
  ;[server, bystander] = await Promise.all([startHostileServer(), startHostileServer()])
  folder = await mkdtemp(join(tmpdir(), 'apictl-imports-'))
})
afterAll(async () => {
  await Promise.all([server.close(), bystander.close(), rm(folder, { recursive: true, force: true })])
})

const passwd = existsSync('/etc/passwd') ? readFileSync('/etc/passwd', 'utf8').split('\n')[0]! : 'root:x:0:0'

function expectRefusedImport(result: MeasuredResult, code: number, imported: string): void {
  const shown = `exit ${result.code}, ${result.peakRssMb.toFixed(0)} MB, ${result.ms.toFixed(0)} ms: ${result.stderr}`
  expect(result.code, shown).toBe(code)
  expect(result.stderr, shown).toContain(`imports ${imported}`)
  expect(result.stderr, shown).toMatch(/try: +Imports are followed only from where the WSDL came from/)
  expect(result.stderr).not.toContain(passwd)
  expect(result.stdout).not.toContain(passwd)
  expect(result.peakRssMb, shown).toBeLessThan(300)
  expect(result.ms, shown).toBeLessThan(5_000)
}

describe('a WSDL read over http(s)', () => {
  it.each(['file:///etc/passwd', 'file:///dev/zero'])(
    'importing %s is refused, exit 6, nothing read',
    async (target) => {
      const wsdl = `${server.url}/wsdl/import-file?target=${encodeURIComponent(target)}`
      const result = await runMeasured(['soap', 'ops', '--wsdl', wsdl])
      expectRefusedImport(result, 6, target)
      expect(result.stderr).toContain(
        `${target}, a local file: a WSDL read over http(s) may import only from its own origin`,
      )
    },
  )

  it("a path is resolved against the WSDL's URL: fetched from the same origin over http, not read from disk", async () => {
    const wsdl = `${server.url}/wsdl/import-file?target=${encodeURIComponent('/etc/passwd')}`
    const result = await runMeasured(['soap', 'ops', '--wsdl', wsdl])
    expect(server.hits).toContain('GET /etc/passwd')
    expect(result.code, result.stderr).toBe(4)
    expect(result.stderr).toMatch(/HTTP 404/)
    expect(result.stderr).not.toContain(passwd)
  })

  it('importing from another origin is refused before anything is fetched from it', async () => {
    const other = `${bystander.url}/wsdl/schema/extra.xsd`
    const result = await runMeasured([
      'soap',
      'ops',
      '--wsdl',
      `${server.url}/wsdl/import-cross?target=${encodeURIComponent(other)}`,
    ])
    expectRefusedImport(result, 6, other)
    expect(bystander.hits).toEqual([])
  })

  it('importing from its own origin works', async () => {
    const result = await runMeasured(['soap', 'ops', '--wsdl', `${server.url}/wsdl/import-relative`])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('Ping')
    expect(server.hits).toContain('GET /wsdl/schema/extra.xsd')
  })

  it('a slow import counts against the one time limit for the WSDL and its imports: exit 3', async () => {
    const result = await runMeasured([
      'soap',
      'ops',
      '--timeout',
      '2',
      '--wsdl',
      `${server.url}/wsdl/import-slow`,
    ])
    expect(result.code, result.stderr).toBe(3)
    expect(result.ms).toBeLessThan(5_000)
  })
})

describe('a local WSDL file', () => {
  it('imports local files (relative paths, as before)', async () => {
    const result = await runMeasured(['soap', 'ops', '--wsdl', IMPORTS_WSDL])
    expect(result.code, result.stderr).toBe(0)
  })

  it('importing over http is not followed: a warning names it, nothing is fetched', async () => {
    const file = join(folder, 'remote-import.wsdl')
    const imported = `${bystander.url}/wsdl/schema/extra.xsd`
    await writeFile(file, pingWsdl('http://127.0.0.1:9', [imported]))
    const result = await runMeasured(['soap', 'ops', '--wsdl', file])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toMatch(/warning: .*remote imports were not followed/)
    expect(result.stderr).toContain(imported)
    expect(bystander.hits).toEqual([])
  })

  it('importing by another scheme is refused, exit 2, naming the import', async () => {
    const file = join(folder, 'ftp-import.wsdl')
    await writeFile(file, pingWsdl('http://127.0.0.1:9', ['ftp://127.0.0.1/x.xsd']))
    const result = await runMeasured(['soap', 'ops', '--wsdl', file])
    expectRefusedImport(result, 2, 'ftp://127.0.0.1/x.xsd')
    expect(result.stderr).toContain('a local WSDL file may import only local files')
  })

  it('importing a device (/dev/zero) or a folder is refused at once, in bounded memory', async () => {
    for (const target of ['/dev/zero', folder]) {
      const file = join(folder, 'device-import.wsdl')
      await writeFile(file, pingWsdl('http://127.0.0.1:9', [target]))
      const result = await runMeasured(['soap', 'ops', '--wsdl', file])
      expect(result.code, result.stderr).toBe(2)
      expect(result.stderr).toContain(`Cannot read the WSDL file ${target}: it is not a regular file.`)
      expect(result.peakRssMb).toBeLessThan(300)
      expect(result.ms).toBeLessThan(5_000)
    }
  })
})
