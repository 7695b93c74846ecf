// WS-Security replays: a PasswordDigest token's Created must be fresh (5 minutes back, a minute ahead)
// and its Nonce is accepted once (SPEC §7); faults name the wsse code and an ItemFault code.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NonceCache } from '../../../../src/protocols/soap/server/nonce-cache.js'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { call, digestSecurity, envelope, postSoap, reply, type Version } from './soap-test-support.js'

let server: RunningServer
beforeAll(async () => {
  // Every refusal here is a security fault; a few count as failed logins, which must not get in the way.
  server = await startServer({ port: 0, env: {}, loginThrottle: { burst: 1000 } })
})
afterAll(() => server.close())

const update = (quantity: number) =>
  call('UpdateItem', `<tns:id>2</tns:id><tns:quantity>${quantity}</tns:quantity>`)

async function send(header: string, version: Version = '1.1', body = update(7)) {
  const answer = await postSoap(server.url, envelope(version, body, header), { version })
  return { answer, result: reply(answer) }
}

function fault(outcome: Awaited<ReturnType<typeof send>>): { code: string; reason: string; text: string } {
  const { answer, result } = outcome
  if (result.kind !== 'fault') throw new Error(`expected a fault, got ${answer.status}: ${answer.body}`)
  expect(answer.status).toBe(500)
  const code = /<tns:code>([^<]*)<\/tns:code>/.exec(answer.body)?.[1] ?? ''
  return { code, reason: result.fault.reason, text: answer.body }
}

const minutes = (count: number) => new Date(Date.now() + count * 60_000).toISOString()

describe('a PasswordDigest UsernameToken', () => {
  it('is accepted once: the same message again is a replay (NONCE_REPLAYED), in both versions', async () => {
    for (const version of ['1.1', '1.2'] as const) {
      const header = digestSecurity('demo')
      const first = await send(header, version, update(11))
      expect(first.answer.status).toBe(200)
      const again = fault(await send(header, version, update(12)))
      expect(again.code).toBe('NONCE_REPLAYED')
      expect(again.reason).toMatch(/Nonce was already used/)
      if (version === '1.2') expect(again.text).toMatch(/<soap:Value[^>]*>[^<]*:FailedAuthentication</)
    }
    expect(server.store.get('2')?.quantity).toBe(11)
  })

  it('is a replay when the nonce comes back with another Created, or written another way', async () => {
    const nonce = randomBytes(16)
    expect((await send(digestSecurity('demo', { nonce }))).answer.status).toBe(200)
    const later = fault(await send(digestSecurity('demo', { nonce, created: minutes(0.5) })))
    expect(later.code).toBe('NONCE_REPLAYED')
    // The same bytes with the base64 spread over two lines: still the same nonce.
    const text = nonce.toString('base64')
    const respelled = fault(
      await send(digestSecurity('demo', { nonce, nonceText: `${text.slice(0, 8)}\n${text.slice(8)}` })),
    )
    expect(respelled.code).toBe('NONCE_REPLAYED')
  })

  it('needs a Created within the last 5 minutes and at most a minute ahead (wsse:MessageExpired)', async () => {
    expect((await send(digestSecurity('demo', { created: minutes(-4.5) }))).answer.status).toBe(200)
    expect((await send(digestSecurity('demo', { created: minutes(0.5) }))).answer.status).toBe(200)
    const stale = fault(await send(digestSecurity('demo', { created: minutes(-6) }), '1.2'))
    expect(stale.code).toBe('MESSAGE_EXPIRED')
    expect(stale.text).toMatch(/:MessageExpired</)
    expect(stale.reason).toMatch(/more than 5 minutes ago/)
    const ahead = fault(await send(digestSecurity('demo', { created: minutes(4) })))
    expect(ahead.code).toBe('MESSAGE_EXPIRED')
    expect(ahead.reason).toMatch(/more than a minute in the future/)
  })

  it('refuses an empty or malformed Nonce and a Created without a time zone (INVALID_SECURITY_TOKEN)', async () => {
    const empty = fault(await send(digestSecurity('demo', { nonce: Buffer.alloc(0) })))
    expect(empty.code).toBe('INVALID_SECURITY_TOKEN')
    expect(empty.reason).toMatch(/Nonce is empty/)
    const notBase64 = fault(await send(digestSecurity('demo', { nonceText: 'not base64!' })))
    expect(notBase64.code).toBe('INVALID_SECURITY_TOKEN')
    const huge = fault(await send(digestSecurity('demo', { nonce: randomBytes(4000) })))
    expect(huge.code).toBe('INVALID_SECURITY_TOKEN')
    const local = new Date().toISOString().replace('Z', '')
    const noZone = fault(await send(digestSecurity('demo', { created: local })))
    expect(noZone.code).toBe('INVALID_SECURITY_TOKEN')
    expect(noZone.reason).toMatch(/time zone/)
    const words = fault(await send(digestSecurity('demo', { created: 'Tue, 01 Jan 2030 00:00:00 GMT' })))
    expect(words.code).toBe('INVALID_SECURITY_TOKEN')
  })

  it('refuses a wrong password without remembering its nonce', async () => {
    const nonce = randomBytes(16)
    const created = new Date().toISOString()
    const wrong = fault(await send(digestSecurity('guess', { nonce, created })))
    expect(wrong.code).toBe('AUTHENTICATION_FAILED')
    expect((await send(digestSecurity('demo', { nonce, created }))).answer.status).toBe(200)
  })
})

describe('NonceCache', () => {
  it('forgets a nonce once its window has passed', () => {
    let now = 0
    const cache = new NonceCache({ ttlMs: 1000, now: () => now })
    expect(cache.add('a')).toBe('fresh')
    expect(cache.add('a')).toBe('replayed')
    now = 999
    expect(cache.add('a')).toBe('replayed')
    now = 1000
    expect(cache.add('a')).toBe('fresh')
    expect(cache.size).toBe(1)
  })

  it('is bounded: when full of unexpired nonces it refuses new ones rather than forget one', () => {
    let now = 0
    const cache = new NonceCache({ ttlMs: 1000, maxEntries: 3, now: () => now })
    for (const nonce of ['a', 'b', 'c']) expect(cache.add(nonce)).toBe('fresh')
    expect(cache.add('d')).toBe('full')
    expect(cache.add('a')).toBe('replayed')
    now = 1000
    expect(cache.add('d')).toBe('fresh')
    expect(cache.size).toBe(1)
  })
})
