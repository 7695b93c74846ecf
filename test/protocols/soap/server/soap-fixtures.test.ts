import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { postSoap, type Version } from './soap-test-support.js'

/**
 * fixtures/soap/<Operation>__<case>/: request.xml and request.json (SOAP
 * version, SOAPAction or null for none) side by side with the expected
 * response.json (status, Content-Type) and response.xml (exact body;
 * `{{endpoint}}` stands for this server's /soap URL). No response.xml means
 * an empty body.
 */
const root = join(import.meta.dirname, '..', '..', '..', '..', 'fixtures', 'soap')
const cases = readdirSync(root)
  .filter((name) => name.includes('__'))
  .sort()

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0 })
})
afterAll(() => server.close())

describe('fixtures/soap cases', () => {
  it('has a case per rule worth pinning', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15)
  })

  it.each(cases)('%s', async (name) => {
    const folder = join(root, name)
    const request = JSON.parse(readFileSync(join(folder, 'request.json'), 'utf8')) as {
      version: Version
      action: string | null
    }
    const expected = JSON.parse(readFileSync(join(folder, 'response.json'), 'utf8')) as {
      status: number
      contentType: string | null
    }
    const answer = await postSoap(server.url, readFileSync(join(folder, 'request.xml')), request)
    expect(answer.status).toBe(expected.status)
    expect(answer.headers['content-type'] ?? null).toBe(expected.contentType)
    const responseFile = join(folder, 'response.xml')
    const body = existsSync(responseFile)
      ? readFileSync(responseFile, 'utf8').trimEnd().replaceAll('{{endpoint}}', `${server.url}/soap`)
      : ''
    expect(answer.body).toBe(body)
  })
})
