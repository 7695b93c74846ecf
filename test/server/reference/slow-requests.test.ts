// Slow clients (slowloris): a half-sent head or body is dropped within seconds, a body that trickles is
// cut at the request time limit, idle keep-alive connections close, and other clients are not slowed.
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { holdOpen, startProbe } from './hostile-helpers.js'
import { basicAuth, useServer } from './server-helpers.js'

// The defaults (10 s, 60 s, 10 s, 5 s) scaled down; hostile-serve.test.ts checks them on `apictl serve`.
const context = useServer({
  limits: {
    headersTimeoutMs: 1000,
    requestTimeoutMs: 3000,
    bodyIdleTimeoutMs: 1000,
    keepAliveTimeoutMs: 500,
  },
})
const host = () => `127.0.0.1:${context.server.port}`
const postHead = (length: number | 'chunked') =>
  `POST /v1/items HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nAuthorization: ${basicAuth}\r\n` +
  (length === 'chunked' ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${length}\r\n\r\n`)

describe('a request that stops arriving', () => {
  it('is dropped with 408 when its head stops half way', async () => {
    const outcome = await holdOpen(
      context.url,
      `GET /v1/items HTTP/1.1\r\nHost: ${host()}\r\nX-Slow: 1\r\n`,
      10_000,
    )
    expect(outcome.statusLine).toBe('HTTP/1.1 408 Request Timeout')
    expect(outcome.closedAfterMs).toBeGreaterThan(900)
    expect(outcome.closedAfterMs).toBeLessThan(3000)
  })

  it('is answered 408 problem+json and closed when its body stops (Content-Length or chunked)', async () => {
    const before = context.server.store.count()
    for (const head of [`${postHead(1000)}{"name":`, `${postHead('chunked')}8\r\n{"name":\r\n`]) {
      const chunks: string[] = []
      const { hostname, port } = new URL(context.url)
      const started = performance.now()
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), hostname, () => socket.write(head))
        socket.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')))
        socket.on('close', () => resolve())
        socket.on('error', () => undefined)
      })
      const elapsed = performance.now() - started
      const text = chunks.join('')
      expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/)
      expect(text).toMatch(/application\/problem\+json/)
      expect(text).toMatch(/the request body stopped arriving: nothing came for 1 s/)
      expect(elapsed).toBeGreaterThan(900)
      expect(elapsed).toBeLessThan(3000)
    }
    expect(context.server.store.count()).toBe(before)
  })

  it('is cut at the request time limit when its body trickles in, never quite idle', async () => {
    const { hostname, port } = new URL(context.url)
    const started = performance.now()
    let text = ''
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), hostname, () => socket.write(postHead(100_000)))
      const drip = setInterval(() => socket.writable && socket.write('x'), 300)
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1')
      })
      socket.on('close', () => {
        clearInterval(drip)
        resolve()
      })
      socket.on('error', () => undefined)
    })
    const elapsed = performance.now() - started
    expect(text).toMatch(/^HTTP\/1\.1 408 /)
    expect(elapsed).toBeGreaterThan(2900)
    expect(elapsed).toBeLessThan(5500)
  })
})

describe('other clients meanwhile', () => {
  it('are answered promptly while 300 connections hold half-sent heads, which are all dropped', async () => {
    const stop = startProbe(context.url)
    const held = Array.from({ length: 300 }, () =>
      holdOpen(context.url, `GET /v1/items HTTP/1.1\r\nHost: ${host()}\r\nX-a: `, 10_000),
    )
    // A steady client sending its body in pieces, none a second apart, is served as usual.
    const steady = await new Promise<string>((resolve, reject) => {
      const { hostname, port } = new URL(context.url)
      const body = JSON.stringify({ name: 'Sent slowly', price: 2 })
      const pieces = [body.slice(0, 10), body.slice(10, 20), body.slice(20)]
      let text = ''
      const socket = connect(Number(port), hostname, () => {
        socket.write(`${postHead(Buffer.byteLength(body))}`)
        let sent = 0
        const next = setInterval(() => {
          socket.write(pieces[sent++]!)
          if (sent === pieces.length) clearInterval(next)
        }, 400)
      })
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
        if (text.includes('\r\n\r\n')) {
          socket.destroy()
          resolve(text)
        }
      })
      socket.on('error', reject)
    })
    expect(steady).toMatch(/^HTTP\/1\.1 201 /)
    const outcomes = await Promise.all(held)
    const probe = await stop()
    expect(outcomes.every((outcome) => outcome.closedAfterMs < 3000)).toBe(true)
    expect(probe.failed).toBe(0)
    expect(probe.answered).toBeGreaterThan(10)
    expect(probe.p50).toBeLessThan(100)
  })

  it('keep a keep-alive connection for several requests; an idle one is closed after the keep-alive time', async () => {
    const { hostname, port } = new URL(context.url)
    const request = `GET /v1/items/1 HTTP/1.1\r\nHost: ${host()}\r\n\r\n`
    const started = performance.now()
    let answers = 0
    let closedAfter = 0
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), hostname, () => socket.write(request))
      socket.on('data', (chunk: Buffer) => {
        answers += chunk.toString('latin1').match(/HTTP\/1\.1 200 OK/g)?.length ?? 0
        if (answers === 1) socket.write(request)
      })
      socket.on('close', () => {
        closedAfter = performance.now() - started
        resolve()
      })
    })
    expect(answers).toBe(2)
    expect(closedAfter).toBeGreaterThan(400)
    expect(closedAfter).toBeLessThan(2500)
  })
})
