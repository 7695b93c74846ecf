import { type AuditResult, serverAudits } from 'graphql-http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'

// One graphql, as in production: Vite would give these sources graphql's ESM build
// ("module"), while Apollo, loaded by Node, gets its CommonJS "main".
vi.mock('graphql', () => import('graphql/index.js'))

let server: RunningServer

beforeAll(async () => {
  server = await startServer({ port: 0 })
})
afterAll(() => server.close())

/**
 * The MAY audits this server declines on purpose: GETs without a preflight
 * header or a non-simple Content-Type, which Apollo's CSRF prevention blocks.
 */
const declined = new Set(['5A70', 'D6D5', '6A70'])

async function explain(result: AuditResult): Promise<string> {
  if (result.status === 'ok') return 'ok'
  const body = await result.response.text().catch(() => '')
  return `${result.reason}: ${result.response.status} ${body.slice(0, 300)}`
}

describe('graphql-http server audits against /graphql (GraphQL over HTTP)', () => {
  for (const audit of serverAudits({ url: () => `${server.url}/graphql` })) {
    const level = audit.name.split(' ')[0]
    it(`${audit.id} ${audit.name}`, async () => {
      const result = await audit.fn()
      if (level === 'MAY' && declined.has(audit.id)) {
        expect(result.status, 'a GET without the preflight header is blocked (CSRF prevention)').not.toBe(
          'ok',
        )
      } else {
        expect(await explain(result)).toBe('ok')
      }
    })
  }
})
