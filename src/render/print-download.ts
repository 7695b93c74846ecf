import { isAbsolute, relative } from 'node:path'
import type { Context } from '../core/context.js'
import { type HttpResponse, headerValue } from '../core/exchange.js'
import { formatBytes } from './format-bytes.js'
import { escapeControl } from './safe-text.js'

/** What a download says on stderr as it starts: the size and the file (HTTPie's `Downloading … to …`). */
export function printDownloadStart(
  ctx: Context,
  target: { file: string; offset: number; restarted: boolean },
  head: HttpResponse,
): void {
  const length = Number(headerValue(head.headers, 'content-length'))
  const total = Number.isFinite(length) ? formatBytes(target.offset + length) : undefined
  const file = shownFile(target.file, ctx)
  if (target.restarted) {
    ctx.stderr.write(
      'note: the server sent the whole file, not the rest of it (no range support): starting over.\n',
    )
  }
  if (target.offset > 0) {
    ctx.stderr.write(`Resuming ${file} at ${formatBytes(target.offset)}${total ? ` of ${total}` : ''}\n`)
  } else {
    ctx.stderr.write(`Downloading ${total ? `${total} ` : ''}to ${file}\n`)
  }
}

/** The line a finished download ends with: what is in the file now, and how fast this run went. */
export function printDownloadDone(
  ctx: Context,
  saved: { file: string; size: number; written: number; complete: boolean; ms: number },
): void {
  const file = shownFile(saved.file, ctx)
  if (saved.complete) {
    ctx.stderr.write(`${file} is already complete (${formatBytes(saved.size)}); nothing to download.\n`)
    return
  }
  const seconds = Math.max(saved.ms, 1) / 1000
  const rate = `${formatBytes(saved.written / seconds)}/s`
  const resumed = saved.written < saved.size ? ` (${formatBytes(saved.written)} of it now)` : ''
  ctx.stderr.write(
    `Saved ${formatBytes(saved.size)} to ${file}${resumed} in ${seconds.toFixed(1)} s, ${rate}\n`,
  )
}

/** The file as the user would name it: relative to the current directory when it is inside it. */
function shownFile(file: string, ctx: Context): string {
  const inside = relative(ctx.cwd, file)
  const shown = inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : file
  return escapeControl(shown, { newlines: false })
}
