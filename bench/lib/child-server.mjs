// Starts a server script in its own Node process, waits until it says it
// listens (a `listening URL` or `listening on URL` line on stdout or stderr)
// and answers a probe (polling, no fixed sleeps), and stops it again.
import { spawn } from 'node:child_process'
import { request } from 'node:http'
import { setTimeout as delay } from 'node:timers/promises'
import { firstLine } from './time-command.mjs'

/**
 * @param {string} script path of a script that prints `listening URL` once it listens
 * @param {string[]} args
 * @param {{ probePath: string, timeoutMs?: number }} options
 * @returns {Promise<{ url: string, pid: number, probe: { status: number, contentType: string, body: Buffer }, stop(): Promise<void> }>}
 */
export async function startChildServer(script, args, { probePath, timeoutMs = 20_000 }) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  const output = { stdout: '', stderr: '' }
  for (const name of ['stdout', 'stderr']) {
    child[name].on('data', (chunk) => {
      if (output[name].length < 8192) output[name] += chunk
    })
  }
  const stop = () => stopChild(child)
  try {
    const url = await readyLine(child, output, timeoutMs)
    const target = new URL(probePath, url)
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const probe = await fetchOnce(target).catch((error) => ({ error }))
      if (!probe.error && probe.status < 500) return { url: target.origin, pid: child.pid, probe, stop }
      if (Date.now() > deadline) {
        throw new Error(`${target} did not answer: ${probe.error?.message ?? `status ${probe.status}`}`)
      }
      await delay(25)
    }
  } catch (error) {
    await stop()
    throw error
  }
}

const READY = /\blistening (?:on )?(https?:\/\/\S+)/m

function readyLine(child, output, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`no "listening" line within ${timeoutMs / 1000} s`)),
      timeoutMs,
    )
    const fail = (error) => {
      clearTimeout(timer)
      reject(error)
    }
    const look = () => {
      const match = READY.exec(output.stdout) ?? READY.exec(output.stderr)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout.on('data', look)
    child.stderr.on('data', look)
    child.on('error', fail)
    child.on('exit', (code, signal) => {
      const reason = firstLine(output.stderr) || 'no message'
      const error = new Error(`server exited (${code ?? signal}) before listening: ${reason}`)
      error.exitCode = code
      fail(error)
    })
  })
}

/** One GET with a fresh connection; resolves with status, content type and body. */
export function fetchOnce(url) {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent: false, timeout: 5000 }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          contentType: response.headers['content-type'] ?? '',
          body: Buffer.concat(chunks),
        }),
      )
      response.on('error', reject)
    })
    outgoing.on('timeout', () => outgoing.destroy(new Error('probe timed out')))
    outgoing.on('error', reject)
    outgoing.end()
  })
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
  await exited
  clearTimeout(timer)
}
