import { fstatSync } from 'node:fs'
import type { Context } from '../core/context.js'
import { UsageError } from '../core/errors.js'

/** After this long with nothing on stdin, a note says what apictl waits for. */
const NOTE_AFTER_MS = 1_000

/**
 * Whether stdin can hold a piped body (SPEC §4, HTTPie's rule): a pipe, a
 * socket (how Node and many tools connect a child's stdin) or a redirected
 * file. Never a terminal, /dev/null or another device, nor a stream that is
 * not the process's own (a library or in-process caller).
 */
export function stdinMayHoldBody(ctx: Context): boolean {
  const stdin = ctx.stdin as Context['stdin'] & { fd?: unknown }
  if (stdin.isTTY || stdin.fd !== 0) return false
  try {
    const stat = fstatSync(0)
    return stat.isFIFO() || stat.isSocket() || stat.isFile()
  } catch {
    return false // fd 0 closed
  }
}

/**
 * The body piped on stdin, or undefined when there is none (a terminal, a
 * device, an empty pipe). A pipe that stays open and silent gets a note on
 * stderr after a second and a usage error at `limitMs` (the call's
 * --timeout): never a silent hang.
 */
export async function readPipedBody(ctx: Context, limitMs: number): Promise<Buffer | undefined> {
  if (!stdinMayHoldBody(ctx)) return undefined
  const stdin = ctx.stdin
  const chunks: Buffer[] = []
  let received = false
  const note = setTimeout(() => {
    if (!received)
      ctx.stderr.write(
        'apictl: waiting for a request body on stdin (it is not a terminal); --ignore-stdin sends none.\n',
      )
  }, NOTE_AFTER_MS)
  note.unref()
  try {
    return await new Promise<Buffer | undefined>((resolve, reject) => {
      const limit = setTimeout(() => {
        if (received) return
        cleanUp()
        ;(stdin as NodeJS.ReadableStream & { destroy?(): void }).destroy?.()
        reject(
          new UsageError(`stdin stayed open and sent nothing for ${limitMs / 1000} s; nothing was sent.`, {
            where: 'stdin',
            hint: 'Close stdin or pipe the body in (echo \'{"a":1}\' | apictl rest …), or pass --ignore-stdin.',
          }),
        )
      }, limitMs)
      limit.unref()
      const onData = (chunk: Buffer | string) => {
        received = true
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
      }
      const onEnd = () => {
        cleanUp()
        const bytes = Buffer.concat(chunks)
        resolve(bytes.length === 0 ? undefined : bytes)
      }
      const onError = (error: Error) => {
        cleanUp()
        reject(error)
      }
      const cleanUp = () => {
        clearTimeout(limit)
        stdin.off('data', onData)
        stdin.off('end', onEnd)
        stdin.off('error', onError)
      }
      stdin.on('data', onData)
      stdin.once('end', onEnd)
      stdin.once('error', onError)
      stdin.resume()
    })
  } finally {
    clearTimeout(note)
  }
}
