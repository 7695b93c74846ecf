import { type Context, debugEnabled } from '../core/context.js'
import { isApictlError } from '../core/errors.js'
import { safeMessage } from './safe-text.js'
import { sourceMappedStack } from './source-mapped-stack.js'
import { labelledLines } from './wrap-words.js'

/** Writes an error as people read it (what, where, what to try) (its exit code: exitCodeOfError). */
export function reportError(error: unknown, ctx: Context): void {
  const colour = ctx.stderr.isTTY && !ctx.env.NO_COLOR
  const red = (text: string) => (colour ? `\x1b[31m${text}\x1b[39m` : text)
  const dim = (text: string) => (colour ? `\x1b[2m${text}\x1b[22m` : text)
  if (isApictlError(error)) {
    // On a terminal, long lines wrap at word boundaries under their label (never inside a URL or a word).
    const lines = labelledLines(ctx.stderr, 'error: ', `${red('error:')} `, safeMessage(error.message))
    if (error.where) {
      lines.push(...labelledLines(ctx.stderr, '  where: ', `  ${dim('where:')} `, safeMessage(error.where)))
    }
    if (error.hint) {
      lines.push(...labelledLines(ctx.stderr, '  try:   ', `  ${dim('try:')}   `, safeMessage(error.hint)))
    }
    ctx.stderr.write(`${lines.join('\n')}\n`)
    if (debugEnabled(ctx.env) && error.stack) ctx.stderr.write(`${sourceMappedStack(error.stack)}\n`)
    return
  }
  const message = safeMessage(error instanceof Error ? error.message : String(error))
  ctx.stderr.write(
    `${red('internal error:')} ${message}\n  This is a bug in apictl. Run again with APICTL_DEBUG=1 for the stack trace and report it.\n`,
  )
  if (debugEnabled(ctx.env) && error instanceof Error && error.stack) {
    ctx.stderr.write(`${sourceMappedStack(error.stack)}\n`)
  }
}
