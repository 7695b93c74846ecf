// The server spine: listening, the request log, lazily loaded mounts, upgrades, and a prompt close().
import { Agent, request } from 'node:http'
import { connect, createServer } from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import { ApictlError } from '../../../src/core/errors.js'
import { sendJson } from '../../../src/server/kit/http/respond.js'
import type { Mount, MountDefinition, ServerServices } from '../../../src/server/kit/mount.js'
import { startServer } from '../../../src/server/reference/start-server.js'
import { expectProblem } from './server-helpers.js'

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

describe('startServer', () => {
  it('listens on 127.0.0.1 and an ephemeral port by default and says where', async () => {
    const server = await startServer({ env: {} })
    try {
      expect(server.host).toBe('127.0.0.1')
      expect(server.port).toBeGreaterThan(0)
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
      const index = (await (await fetch(`${server.url}/`)).json()) as Record<string, unknown>
      expect(index).toMatchObject({
        graphql: '/graphql',
        soap: '/soap',
        wsdl: '/soap?wsdl',
        token: '/oauth/token',
      })
    } finally {
      await server.close()
    }
  })

  it('logs one line per request: method, target, status, time', async () => {
    const lines: string[] = []
    const server = await startServer({ port: 0, env: {}, log: (line) => lines.push(line) })
    try {
      await (await fetch(`${server.url}/v1/items/1`)).arrayBuffer()
      await (await fetch(`${server.url}/v1/items?page=2`)).arrayBuffer()
      await (await fetch(`${server.url}/v1/items/77777`)).arrayBuffer()
      await (await fetch(`${server.url}/v1/items/%0A%1B[31m`)).arrayBuffer()
    } finally {
      await server.close()
    }
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^GET \/v1\/items\/1 200 \d+\.\dms$/)
    expect(lines[1]).toMatch(/^GET \/v1\/items\?page=2 200 \d+\.\dms$/)
    expect(lines[2]).toMatch(/^GET \/v1\/items\/77777 404 \d+\.\dms$/)
    expect([...lines[3]!].every((character) => character >= ' ')).toBe(true)
  })

  it('refuses a port in use with a clear error', async () => {
    const server = await startServer({ port: 0, env: {} })
    try {
      const error = (await startServer({ port: server.port, env: {} }).catch(
        (caught) => caught,
      )) as ApictlError
      expect(error).toBeInstanceOf(ApictlError)
      expect(error.message).toBe(`port ${server.port} on 127.0.0.1 is already in use`)
      expect(error.hint).toMatch(/--port/)
    } finally {
      await server.close()
    }
  })

  it('close() releases the port and ends keep-alive connections promptly', async () => {
    const server = await startServer({ port: 0, env: {} })
    const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 })
    // Resolves (once the answer is in) with a promise for the keep-alive socket's close.
    const { socketClosed } = await new Promise<{ socketClosed: Promise<void> }>((resolve, reject) => {
      let socketClosed: Promise<void> = Promise.resolve()
      const outgoing = request(`${server.url}/v1/items/1`, { agent }, (response) => {
        response.resume()
        response.on('end', () => resolve({ socketClosed }))
      })
      outgoing.on('socket', (socket) => {
        socketClosed = new Promise((closed) => socket.once('close', () => closed()))
      })
      outgoing.on('error', reject).end()
    })
    const started = performance.now()
    await server.close()
    await socketClosed
    expect(performance.now() - started).toBeLessThan(1000)
    expect(await portIsFree(server.port)).toBe(true)
    await server.close()
    agent.destroy()
  })

  it('close() does not wait long for a client that keeps a request open', async () => {
    const server = await startServer({ port: 0, env: {} })
    const socket = connect(server.port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write('POST /v1/items HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{')
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.on('error', () => undefined)
    socket.resume()
    const started = performance.now()
    await server.close()
    await closed
    expect(performance.now() - started).toBeLessThan(1500)
  })
})

describe('lazily loaded mounts', () => {
  function spyMount(path: string, answer: Record<string, unknown>) {
    const handle = vi.fn((_request, response) => sendJson(response, 200, answer))
    const mount: Mount = { handle }
    const load = vi.fn(async (_services: ServerServices) => mount)
    const definition: MountDefinition = { path, name: 'Spy', load }
    return { definition, load, handle }
  }

  it('loads a mount on its first request only, once, and hands it the shared services', async () => {
    const spy = spyMount('/spy', { spied: true })
    const server = await startServer({ port: 0, env: {}, mounts: [spy.definition] })
    try {
      await (await fetch(`${server.url}/v1/items`)).arrayBuffer()
      await (await fetch(`${server.url}/spyglass`)).arrayBuffer()
      expect(spy.load).not.toHaveBeenCalled()
      const answers = await Promise.all(
        ['/spy', '/spy?wsdl', '/spy/deeper', '/spy'].map((path) =>
          fetch(`${server.url}${path}`).then((response) => response.json()),
        ),
      )
      expect(answers).toEqual(Array(4).fill({ spied: true }))
      expect(spy.load).toHaveBeenCalledTimes(1)
      expect(spy.handle).toHaveBeenCalledTimes(4)
      const services = spy.load.mock.calls[0]![0]
      expect(services.store).toBe(server.store)
      expect(services.origin()).toBe(server.url)
    } finally {
      await server.close()
    }
  })

  it('answers 500 when a mount fails to load, and tries again next time', async () => {
    let attempts = 0
    const definition: MountDefinition = {
      path: '/flaky',
      name: 'Flaky',
      load: async () => {
        attempts += 1
        if (attempts === 1) throw new Error('module missing')
        return { handle: (_request, response) => sendJson(response, 200, { attempts }) }
      },
    }
    const lines: string[] = []
    const server = await startServer({
      port: 0,
      env: {},
      mounts: [definition],
      logError: (line) => lines.push(line),
    })
    try {
      const failed = await expectProblem(await fetch(`${server.url}/flaky`), 500)
      expect(failed.detail).toContain('Flaky failed to load')
      expect(await (await fetch(`${server.url}/flaky`)).json()).toEqual({ attempts: 2 })
      expect(lines).toEqual(['Flaky failed to load: module missing'])
    } finally {
      await server.close()
    }
  })

  it('routes upgrades to the mount that takes them and refuses the rest', async () => {
    const upgraded = vi.fn((_request, socket: import('node:stream').Duplex) => {
      socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: test\r\nConnection: Upgrade\r\n\r\n')
    })
    const definition: MountDefinition = {
      path: '/live',
      name: 'Live',
      load: async () => ({ handle: () => undefined, upgrade: upgraded }),
    }
    const server = await startServer({ port: 0, env: {}, mounts: [definition] })
    const statusOf = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const outgoing = request(`${server.url}${path}`, {
          headers: { connection: 'Upgrade', upgrade: 'test' },
        })
        outgoing.on('upgrade', (response, socket) => {
          socket.destroy()
          resolve(response.statusCode ?? 0)
        })
        outgoing.on('response', (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        })
        outgoing.on('error', reject)
        outgoing.end()
      })
    try {
      expect(await statusOf('/live')).toBe(101)
      expect(upgraded).toHaveBeenCalledTimes(1)
      expect(await statusOf('/v1/items')).toBe(404)
    } finally {
      await server.close()
    }
  })
})
