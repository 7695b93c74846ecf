// The namespace flood against `apictl serve` as its own process: its memory measured, a probe timed meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { namespaceFlood } from '../../../support/hostile-server.js'
import { type ServeProcess, startServeProcess } from '../../../support/serve-process.js'
import { postSoap } from './soap-test-support.js'

let server: ServeProcess
beforeAll(async () => {
  server = await startServeProcess()
})
afterAll(() => server.stop())

/** GETs /v1/items/1 one after another until `done` settles; every latency in ms. */
async function probe(done: Promise<unknown>): Promise<number[]> {
  let finished = false
  void done.finally(() => {
    finished = true
  })
  const latencies: number[] = []
  while (!finished || latencies.length < 3) {
    const started = performance.now()
    const response = await fetch(`${server.url}/v1/items/1`)
    await response.arrayBuffer()
    expect(response.status).toBe(200)
    latencies.push(performance.now() - started)
  }
  return latencies
}

/** Many declarations on a few elements, then one on each of thousands: under every per-element bound. */
function spreadFlood(): string {
  const perElement = Array.from({ length: 100 }, (_, n) => ` xmlns:p${n}="urn:p${n}"`).join('')
  const wide = Array.from({ length: 250 }, () => `<w${perElement}/>`).join('')
  const many = Array.from({ length: 8_000 }, (_, n) => `<c xmlns:m${n}="urn:m${n}"/>`).join('')
  return `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"${perElement}><soap:Body><r xmlns="urn:r">${wide}${many}</r></soap:Body></soap:Envelope>`
}

describe('an XML namespace flood sent to the reference server', () => {
  it.each([
    ['20,000 declarations on the Envelope, one more on each of 10,000 children', namespaceFlood()],
    ['100 on each of 250 elements, one more on each of 8,000', spreadFlood()],
  ])('%s: refused at once, RSS under 300 MB, a concurrent probe answered', async (_name, flood) => {
    expect(flood.length).toBeGreaterThan(700_000)
    expect(flood.length).toBeLessThan(1024 * 1024)
    const started = performance.now()
    const answer = postSoap(server.url, flood, { action: null })
    const latencies = await probe(answer)
    const { status } = await answer
    const ms = performance.now() - started
    expect([400, 500]).toContain(status)
    expect(ms).toBeLessThan(2_000)
    expect(Math.max(...latencies)).toBeLessThan(1_000)
    expect(server.alive()).toBe(true)
    expect(server.peakRssMb()).toBeLessThan(300)
  })
})
