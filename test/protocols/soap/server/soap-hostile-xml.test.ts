import { existsSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { call, envelope, keepAlive, ns11, postSoap, reply, tnsUri } from './soap-test-support.js'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0 })
})
afterAll(() => server.close())

const billionLaughs =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
  Array.from({ length: 9 }, (_, level) => {
    const previous = level === 0 ? 'lol' : `lol${level}`
    return `<!ENTITY lol${level + 1} "${`&${previous};`.repeat(10)}">`
  }).join('') +
  ']>' +
  envelope('1.1', call('GetItem', '<tns:id>&lol9;</tns:id>')).replace(/^<\?xml[^>]*\?>/, '')

const externalEntity = (target: string) =>
  `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "${target}">]>` +
  envelope('1.1', call('GetItem', '<tns:id>&xxe;</tns:id>')).replace(/^<\?xml[^>]*\?>/, '')

const parameterEntity =
  '<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY % remote SYSTEM "file:///etc/passwd"> %remote;]>' +
  envelope('1.1', call('GetItem', '<tns:id>1</tns:id>')).replace(/^<\?xml[^>]*\?>/, '')

function deep(levels: number): string {
  return envelope('1.1', call('GetItem', `${'<tns:id>'.repeat(levels)}1${'</tns:id>'.repeat(levels)}`))
}

const passwd = existsSync('/etc/passwd') ? readFileSync('/etc/passwd', 'utf8') : 'root:x:0:0'
const firstPasswdLine = passwd.split('\n')[0]!

async function refusal(body: string, pattern: RegExp): Promise<string> {
  const answer = await postSoap(server.url, body, {}, keepAlive)
  expect(answer.status).toBe(500)
  const result = reply(answer)
  if (result.kind !== 'fault') throw new Error('expected a fault')
  expect(result.faultKind).toBe('client')
  expect(result.fault.reason).toMatch(pattern)
  return answer.body
}

describe('hostile XML is inert on the SOAP endpoint', () => {
  it('billion laughs is refused for its DOCTYPE, at once', async () => {
    const started = performance.now()
    await refusal(billionLaughs, /DOCTYPE, which is refused \(WS-I Basic Profile R1008\)/)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('an external entity naming a local file is refused and the file never echoed', async () => {
    for (const target of ['file:///etc/passwd', '/etc/passwd', 'http://127.0.0.1:9/x']) {
      const body = await refusal(externalEntity(target), /DOCTYPE/)
      expect(body).not.toContain(firstPasswdLine)
      expect(body).not.toContain('root:')
    }
    expect(await refusal(parameterEntity, /DOCTYPE/)).not.toContain('root:')
  })

  it('an entity that was never declared is not XML (400), not expanded', async () => {
    for (const entity of ['&xxe;', '&nbsp;', '&lol9;']) {
      const answer = await postSoap(
        server.url,
        envelope('1.1', call('GetItem', `<tns:id>${entity}</tns:id>`)),
      )
      expect(answer.status).toBe(400)
      expect(answer.body).toBe('')
    }
  })

  it('50,000-deep nesting is refused without exhausting the stack', async () => {
    await refusal(deep(50_000), /nested deeper than 100 levels/)
    const bare = `${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}`
    await refusal(bare, /nested deeper than 100 levels/)
    const answer = await postSoap(server.url, deep(90))
    expect(answer.status).toBe(500)
    expect(
      reply(answer).kind === 'fault' && (reply(answer) as { fault: { reason: string } }).fault.reason,
    ).toMatch(/id must be text, not elements/)
  })

  it('a message with too many elements is refused', async () => {
    const many = '<tns:tags>t</tns:tags>'.repeat(25_000)
    await refusal(envelope('1.1', call('ListItems', many)), /more than 20000 elements/)
  })

  it('a processing instruction is refused (SOAP forbids them)', async () => {
    const body = envelope('1.1', `<?evil run?>${call('GetItem', '<tns:id>1</tns:id>')}`)
    await refusal(body, /processing instructions are not allowed/)
  })

  it('a body over 1 MiB is refused with 413 before it is parsed', async () => {
    const big = envelope('1.1', call('GetItem', `<tns:id>${'x'.repeat(1024 * 1024)}</tns:id>`))
    const answer = await postSoap(server.url, big)
    expect(answer.status).toBe(413)
  })

  it('element and attribute names like __proto__ never reach a prototype', async () => {
    const header = `<x:__proto__ xmlns:x="urn:example" __proto__="polluted" constructor="c"><x:polluted>yes</x:polluted></x:__proto__>`
    const parameters = '<tns:__proto__><tns:polluted>yes</tns:polluted></tns:__proto__><tns:name>n</tns:name>'
    const answer = await postSoap(server.url, envelope('1.1', call('CreateItem', parameters), header))
    const result = reply(answer)
    expect(result.kind === 'fault' && result.fault.reason).toMatch(
      /__proto__ is not a parameter of CreateItem/,
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
    const named = await postSoap(server.url, envelope('1.1', `<tns:__proto__ xmlns:tns="${tnsUri}"/>`))
    expect(reply(named).kind).toBe('fault')
  })

  it('keeps the heap bounded across many hostile messages', async () => {
    const cases = [billionLaughs, externalEntity('file:///etc/passwd'), deep(50_000), parameterEntity]
    await postSoap(server.url, deep(50_000), {}, keepAlive)
    const before = process.memoryUsage().heapUsed
    for (let round = 0; round < 25; round++) {
      const answers = await Promise.all(cases.map((body) => postSoap(server.url, body, {}, keepAlive)))
      for (const answer of answers) expect(answer.status).toBe(500)
    }
    const grown = process.memoryUsage().heapUsed - before
    expect(grown).toBeLessThan(64 * 1024 * 1024)
    const still = await postSoap(
      server.url,
      envelope('1.1', call('GetItem', '<tns:id>1</tns:id>')),
      {},
      keepAlive,
    )
    expect(still.status).toBe(200)
    expect(still.body).toContain(ns11)
  })
})
