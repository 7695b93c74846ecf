// Tools for the tests that attack the reference server: raw requests, a latency probe, a spawned `apictl serve` and its memory.
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { Agent } from 'node:http'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import { rawRequest } from '../../support/raw-request.js'

export type { RawAnswer, RawOptions } from '../../support/raw-request.js'
export { rawRequest }

export interface SocketOutcome {
  /** The first line the server wrote (`HTTP/1.1 408 Request Timeout`), or '' for none. */
  statusLine: string
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closedAfterMs: number
}

/**
 * Opens a connection, writes `bytes` (a request cut short) and waits, without
 * sending more, until the server closes it; gives up after `limitMs`.
 */
export function holdOpen(
  url: string,
  bytes: string,
  limitMs: number,
  localAddress?: string,
): Promise<SocketOutcome> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const socket = connect({ port: Number(port), host: hostname, localAddress })
    const started = performance.now()
    let received = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server still held the connection after ${limitMs} ms`))
    }, limitMs)
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
    })
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearTimeout(timer)
      resolve({ statusLine: received.split('\r\n')[0] ?? '', closedAfterMs: performance.now() - started })
    })
    socket.write(bytes)
  })
}

export interface ProbeFigures {
  answered: number
  failed: number
  p50: number
  p99: number
  max: number
}

/**
 * Asks `GET /v1/items/1` every `everyMs` from another client address until
 * stopped, and reports the latencies: what a bystander sees during an attack.
 */
export function startProbe(url: string, everyMs = 20): () => Promise<ProbeFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.0.0.3' })
  const latencies: number[] = []
  let failed = 0
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      try {
        const answer = await rawRequest(`${url}/v1/items/1`, { agent })
        if (answer.status === 200) latencies.push(performance.now() - started)
        else failed++
      } catch {
        failed++
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs))
    }
  })()
  return async () => {
    running = false
    await loop
    agent.destroy()
    latencies.sort((a, b) => a - b)
    const at = (share: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0
    return { answered: latencies.length, failed, p50: at(0.5), p99: at(0.99), max: at(1) }
  }
}

export interface ServeProcess {
  url: string
  child: ChildProcess
  stderr(): string
  /** The most memory the process has held so far (VmHWM), in MB. */
  peakMemoryMb(): number
  stop(): Promise<void>
}

const bin = fileURLToPath(new URL('../../../bin/apictl.cjs', import.meta.url))

/** Runs the real `apictl serve --port 0 --quiet ARGS` and resolves once it listens. */
export function spawnServe(args: readonly string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (text: string) => {
      stderr += text
      const match = /listening on (http:\/\/\S+)/.exec(stderr)
      if (match === null) return
      resolve({
        url: match[1]!,
        child,
        stderr: () => stderr,
        peakMemoryMb: () => {
          const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
          return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024
        },
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
    child.once('exit', (code) => reject(new Error(`apictl serve exited with ${code}: ${stderr}`)))
  })
}
