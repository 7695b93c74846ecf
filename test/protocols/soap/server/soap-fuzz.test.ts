import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEnvelope } from '../../../../src/protocols/soap/envelope.js'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { call, envelope, keepAlive, postSoap, type RawAnswer, type Version } from './soap-test-support.js'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0 })
})
afterAll(() => server.close())

/** mulberry32: a small seeded PRNG, so every run sends the same bodies. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

const strip = (text: string) => text.replace(/^<\?xml[^>]*\?>/, '')

/** Messages that fault even when a mutation leaves them well-formed. */
const faulting = [
  envelope('1.1', call('GetItem', '<tns:id>no-such-item</tns:id>')),
  envelope('1.2', call('GetItem', '<tns:id>no-such-item</tns:id>')),
  envelope('1.1', call('RaiseFault', '<tns:code>Server</tns:code><tns:message>m</tns:message>')),
  envelope('1.2', call('CreateItem', '<tns:name>n</tns:name><tns:price>1</tns:price>')),
  envelope('1.1', call('DeleteItem', '<tns:id>1</tns:id>')),
]
/** A message that succeeds as is: only mutations that always break well-formedness are applied to it. */
const valid = strip(envelope('1.1', call('GetItem', '<tns:id>1</tns:id>')))

const fragments = [
  '<',
  '>',
  '&',
  '"',
  "'",
  '</',
  '/>',
  '<!--',
  ']]>',
  '<![CDATA[',
  '\u0000',
  '\uffff',
  '\ud800',
  '<!DOCTYPE x>',
  '&#0;',
  '&#x110000;',
  'xmlns:soap="urn:x"',
  '<a>'.repeat(300),
]

type Mutation = (text: string, next: () => number) => string

const pick = <T>(items: readonly T[], next: () => number): T => items[Math.floor(next() * items.length)]!
const at = (text: string, next: () => number) => Math.floor(next() * (text.length + 1))

const mutations: Mutation[] = [
  (text, next) => {
    const index = at(text, next)
    return (
      text.slice(0, index) +
      String.fromCharCode(text.charCodeAt(index) ^ (1 << Math.floor(next() * 7))) +
      text.slice(index + 1)
    )
  },
  (text, next) => {
    const index = at(text, next)
    return text.slice(0, index) + text.slice(index + 1 + Math.floor(next() * 8))
  },
  (text, next) => {
    const index = at(text, next)
    return text.slice(0, index) + pick(fragments, next) + text.slice(index)
  },
  (text, next) => {
    const start = at(text, next)
    const end = Math.min(text.length, start + Math.floor(next() * 60))
    return text.slice(0, end) + text.slice(start, end) + text.slice(end)
  },
  (text, next) => text.slice(0, at(text, next)),
  (text, next) => {
    const index = at(text, next)
    const noise = Array.from({ length: 1 + Math.floor(next() * 20) }, () =>
      String.fromCharCode(Math.floor(next() * 0x3000)),
    )
    return text.slice(0, index) + noise.join('') + text.slice(index)
  },
]

/** Always breaks well-formedness: a strict prefix, or a bare `&`/`<` somewhere. */
const breaking: Mutation[] = [
  (text, next) => text.slice(0, Math.floor(next() * (text.length - 1))),
  (text, next) => {
    const index = at(text, next)
    return `${text.slice(0, index)}&${text.slice(index)}`
  },
]

function body(next: () => number): string | Buffer {
  const roll = next()
  if (roll < 0.1)
    return Buffer.from(Array.from({ length: Math.floor(next() * 400) }, () => Math.floor(next() * 256)))
  if (roll < 0.3) return pick(breaking, next)(valid, next)
  let text = pick(faulting, next)
  for (let count = 1 + Math.floor(next() * 3); count > 0; count--) text = pick(mutations, next)(text, next)
  return text
}

function check(answer: RawAnswer, sent: string | Buffer): void {
  const shown = () => `${String(sent).slice(0, 300)} → ${answer.status} ${answer.body.slice(0, 300)}`
  if (answer.status >= 200 && answer.status < 300) throw new Error(`2xx for a broken message: ${shown()}`)
  if (![400, 413, 415, 500].includes(answer.status)) throw new Error(`unexpected status: ${shown()}`)
  if (answer.status === 400 && (answer.body !== '' || answer.headers['content-length'] !== '0')) {
    throw new Error(`400 with a body: ${shown()}`)
  }
  if (answer.status === 500) {
    const message = readEnvelope(answer.body)
    if (message.body[0]?.name.local !== 'Fault') throw new Error(`500 without a Fault: ${shown()}`)
  }
}

describe('malformed and mutated messages', () => {
  it('3,000 seeded mutations never give a 2xx, a crash, or an unreadable fault', async () => {
    const next = random(20240611)
    const total = 3000
    let sent = 0
    const statuses = new Map<number, number>()
    const worker = async () => {
      while (sent < total) {
        sent++
        const message = body(next)
        const version: Version = next() < 0.5 ? '1.1' : '1.2'
        const answer = await postSoap(server.url, message, { version }, keepAlive)
        check(answer, message)
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    expect(statuses.get(400)).toBeGreaterThan(300)
    expect(statuses.get(500)).toBeGreaterThan(300)
    const alive = await postSoap(server.url, valid, {}, keepAlive)
    expect(alive.status).toBe(200)
  }, 60_000)
})

const hasXmllint = spawnSync('xmllint', ['--version']).status === 0

/**
 * Which of `documents` libxml2 finds not well-formed (or not
 * namespace-well-formed): all written to files, one xmllint run.
 */
function rejectedByLibxml2(documents: string[]): Set<number> {
  const folder = mkdtempSync(join(tmpdir(), 'apictl-fuzz-'))
  try {
    const files = documents.map((text, index) => {
      const file = join(folder, `${index}.xml`)
      writeFileSync(file, text)
      return file
    })
    const run = spawnSync('xmllint', ['--noout', '--nonet', ...files], { encoding: 'utf8', maxBuffer: 64e6 })
    const bad = new Set<number>()
    for (const match of run.stderr.matchAll(/\/(\d+)\.xml:\d+: (?:parser|namespace) error/g))
      bad.add(Number(match[1]))
    return bad
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

describe.skipIf(!hasXmllint)('every one-character mutation of a valid envelope, the prolog included', () => {
  it('never a 2xx for what libxml2 finds not well-formed; what it finds well-formed in the prolog is answered', async () => {
    const original = envelope('1.1', call('GetItem', '<tns:id>1</tns:id>'))
    const prologEnd = original.indexOf('?>') + 2
    const mutants = new Set<string>()
    for (let at = 0; at <= original.length; at++) {
      for (const inserted of ['<', '>', '&', '"', "'", '?', ' ', '=', 'x', '\u0000']) {
        mutants.add(original.slice(0, at) + inserted + original.slice(at))
      }
      mutants.add(original.slice(0, at) + original.slice(at + 1))
      mutants.add(original.slice(0, at))
    }
    mutants.delete(original)
    const documents = [...mutants]
    const bad = rejectedByLibxml2(documents)
    expect(bad.size).toBeGreaterThan(documents.length / 2)
    // The finding: a '<' inserted inside the XML declaration.
    const lessThanInDeclaration = documents.indexOf(`${original.slice(0, 10)}<${original.slice(10)}`)
    expect(bad.has(lessThanInDeclaration)).toBe(true)
    let next = 0
    let prologAccepted = 0
    const accepted: string[] = []
    // Its own connections: the shared agent's may have idled past the server's keep-alive while xmllint ran.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 })
    const worker = async () => {
      while (next < documents.length) {
        const index = next++
        const text = documents[index]!
        // No charset parameter: the declaration's encoding is the one that counts, as for xmllint.
        const answer = await postSoap(server.url, text, { contentType: 'text/xml' }, agent)
        if (bad.has(index)) {
          if (answer.status >= 200 && answer.status < 300) accepted.push(text)
          else expect([400, 500]).toContain(answer.status)
        } else if (answer.status === 200 && text.indexOf('?>') < prologEnd + 2) prologAccepted++
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker)).finally(() => agent.destroy())
    expect(accepted, 'answered 2xx, though libxml2 refuses them').toEqual([])
    // Harmless changes (a space more, a quote style) to the declaration still read as the same message.
    expect(prologAccepted).toBeGreaterThan(10)
  }, 120_000)
})
