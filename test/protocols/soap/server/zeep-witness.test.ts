import { execFile, execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'

const python = '/usr/bin/python3'
const script = join(import.meta.dirname, 'zeep-witness.py')

function zeepMissing(): string | undefined {
  try {
    execFileSync(python, ['-c', 'import zeep'], { stdio: 'ignore' })
    return undefined
  } catch {
    return `${python} cannot import zeep (apt-get install -y python3-zeep)`
  }
}

const missing = zeepMissing()
if (missing !== undefined) {
  // Say why in the run's output, not only as a skipped count.
  console.warn(`zeep witness skipped: ${missing}`)
}

describe.skipIf(missing !== undefined)('python3-zeep as a second witness', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ port: 0 })
  })
  afterAll(() => server?.close())

  it('reads the WSDL and calls both ports, with WS-Security text and digest', async () => {
    const { stdout } = await promisify(execFile)(python, [script, server.url], { timeout: 30_000 })
    const seen = JSON.parse(stdout)
    expect(seen.get).toEqual({
      id: '1',
      name: 'Mechanical Keyboard',
      price: '89.99',
      tags: ['electronics', 'office'],
    })
    expect(seen.list.total).toBe(server.store.count('office'))
    expect(seen.list.ids).toEqual(
      server.store.list({ page: 1, limit: 3, tag: 'office' }).items.map((item) => item.id),
    )
    expect(seen.fault11).toEqual({
      code: 'soap:Client',
      message: 'item "nope" does not exist',
      detail: 'NOT_FOUND',
    })
    expect(seen.fault12).toEqual({
      code: 'soap:Sender',
      message: 'try 1.2',
      subcodes: ['{urn:apictl:items}RAISED'],
    })
    expect(seen.created).toMatchObject({ name: 'Zeep', tags: ['py'] })
    expect(seen.updated).toBe(3)
    expect(server.store.get(seen.created.id)?.quantity).toBe(3)
  })
})
