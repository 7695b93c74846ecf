import type { Context } from '../core/context.js'
import { UsageError } from '../core/errors.js'

/** What to say when stdin is a terminal, where nothing was piped in. */
export interface NothingPiped {
  message: string
  hint: string
}

/** Everything piped into stdin, as bytes; a usage error when stdin is a terminal. */
export async function readStdinBytes(ctx: Context, whenTerminal: NothingPiped): Promise<Buffer> {
  if (ctx.stdin.isTTY) throw new UsageError(whenTerminal.message, { hint: whenTerminal.hint })
  const chunks: Buffer[] = []
  for await (const chunk of ctx.stdin)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
  return Buffer.concat(chunks)
}
