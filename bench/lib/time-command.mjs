// Runs one command to completion and measures its wall time, from just before
// spawn until the process exits (like hyperfine without the shell).
import { spawn } from 'node:child_process'

const OUTPUT_LIMIT = 64 * 1024

/**
 * @param {{ command: string, args: string[], env?: NodeJS.ProcessEnv, timeoutMs?: number }} spec
 * @returns {Promise<{ ms: number, code: number | null, signal: string | null, stdout: string, stderr: string, error?: string }>}
 */
export function timeCommand({ command, args, env, timeoutMs = 30_000 }) {
  return new Promise((resolve) => {
    const stdout = []
    const stderr = []
    let exitedAt
    let spawnError
    const startedAt = process.hrtime.bigint()
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: env ?? process.env })
    const timer = setTimeout(() => {
      spawnError = `timed out after ${timeoutMs / 1000} s`
      child.kill('SIGKILL')
    }, timeoutMs)
    collect(child.stdout, stdout)
    collect(child.stderr, stderr)
    child.on('exit', () => {
      exitedAt = process.hrtime.bigint()
    })
    child.on('error', (error) => {
      spawnError = error.code === 'ENOENT' ? `${command}: not found` : error.message
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const ms = Number((exitedAt ?? process.hrtime.bigint()) - startedAt) / 1e6
      resolve({
        ms,
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        ...(spawnError ? { error: spawnError } : {}),
      })
    })
  })
}

function collect(stream, chunks) {
  let size = 0
  stream.on('data', (chunk) => {
    if (size < OUTPUT_LIMIT) chunks.push(chunk)
    size += chunk.length
  })
}

/** Why a run counts as failed (undefined when it succeeded), as one short line. */
export function failureOf(result, check) {
  if (result.error) return result.error
  if (result.code !== 0) {
    const why = telling(result.stderr) || firstLine(result.stdout) || 'no output'
    return `exit ${result.code ?? result.signal}: ${why}`
  }
  return check ? check(result) : undefined
}

export function firstLine(text) {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  ).slice(0, 160)
}

/** The most telling stderr line: an `Error…`/`apictl:` line if there is one, else the first. */
function telling(stderr) {
  const lines = stderr.split('\n').map((line) => line.trim())
  const error = lines.find((line) => /^(\w*Error\b|apictl:|error:)/.test(line))
  return (error ?? firstLine(stderr)).slice(0, 160)
}
