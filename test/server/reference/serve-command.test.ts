// `apictl serve` as a function (runServe) and as the real CLI process: lines on stderr, request log, clean stop.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runServe } from '../../../src/cli/commands/serve.js'
import type { Context, Sink } from '../../../src/core/context.js'

/** A sink that keeps text and can wait for a pattern to appear. */
class WatchedSink implements Sink {
  readonly isTTY = false
  text = ''
  #waiters: Array<{ pattern: RegExp; resolve: (match: RegExpExecArray) => void }> = []

  write(chunk: string | Uint8Array): void {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    this.#waiters = this.#waiters.filter((waiter) => {
      const match = waiter.pattern.exec(this.text)
      if (match) waiter.resolve(match)
      return !match
    })
  }

  waitFor(pattern: RegExp): Promise<RegExpExecArray> {
    const match = pattern.exec(this.text)
    if (match) return Promise.resolve(match)
    return new Promise((resolve) => this.#waiters.push({ pattern, resolve }))
  }
}

function context(signal: AbortSignal): Context & { stdout: WatchedSink; stderr: WatchedSink } {
  return {
    stdout: new WatchedSink(),
    stderr: new WatchedSink(),
    stdin: process.stdin,
    env: {},
    cwd: process.cwd(),
    signal,
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

describe('runServe', () => {
  it('announces itself, logs requests, and stops cleanly with exit 0', async () => {
    const controller = new AbortController()
    const ctx = context(controller.signal)
    const running = runServe({ port: 0, host: '127.0.0.1' }, ctx)
    const [, url] = await ctx.stderr.waitFor(/^apictl serve: listening on (http:\/\/127\.0\.0\.1:\d+)$/m)
    expect(ctx.stderr.text).toMatch(
      /^apictl serve: REST \/v1 \/v2 .*GraphQL \/graphql, SOAP \/soap\?wsdl.*store in memory$/m,
    )
    const response = await fetch(`${url}/v1/items/1`)
    expect(response.status).toBe(200)
    await ctx.stderr.waitFor(/^GET \/v1\/items\/1 200 \d+\.\dms$/m)
    controller.abort()
    expect(await running).toBe(0)
    expect(ctx.stderr.text).toMatch(/apictl serve: stopped/)
    expect(await portIsFree(Number(new URL(url!).port))).toBe(true)
    expect(ctx.stdout.text).toBe('')
  })

  it('keeps quiet about requests with --quiet', async () => {
    const controller = new AbortController()
    const ctx = context(controller.signal)
    const running = runServe({ port: 0, host: '127.0.0.1', quiet: true }, ctx)
    const [, url] = await ctx.stderr.waitFor(/listening on (\S+)/)
    await (await fetch(`${url}/v1/items`)).arrayBuffer()
    controller.abort()
    expect(await running).toBe(0)
    expect(ctx.stderr.text).not.toMatch(/GET \/v1\/items/)
  })
})

describe('apictl serve (the CLI process)', () => {
  const bin = fileURLToPath(new URL('../../../bin/apictl.cjs', import.meta.url))

  it('stops on SIGTERM and SIGINT with exit 0 and releases the port', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr.setEncoding('utf8')
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (text: string) => {
          stderr += text
          const match = /listening on (http:\/\/\S+)/.exec(stderr)
          if (match) resolve(match[1]!)
        })
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)))
      })
      expect((await fetch(`${url}/v1/items/1`, { headers: { connection: 'keep-alive' } })).status).toBe(200)
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      child.kill(signal)
      expect(await exited, stderr).toBe(0)
      expect(stderr).toMatch(/GET \/v1\/items\/1 200/)
      expect(await portIsFree(Number(new URL(url).port))).toBe(true)
    }
  })
})
