import type { Context } from '../core/context.js'
import type { HttpRequest } from '../core/exchange.js'
import { startProgressBar } from '../render/progress-bar.js'
import type { TransportObserver } from '../transport/transport-options.js'

/** Uploads smaller than this finish before a bar would say anything. */
const BIG_UPLOAD = 1024 * 1024

/**
 * A progress bar on stderr for a big upload (a form's files, 1 MiB or
 * more) on a terminal: it takes over from the spinner once bytes flow.
 */
export function uploadProgress(
  request: HttpRequest,
  ctx: Context,
  stopSpinner: () => void,
): { observer: TransportObserver; finish(): void } | undefined {
  const files = request.form?.files ?? []
  const size = files.reduce((sum, file) => sum + file.size, 0)
  if (!ctx.stderr.isTTY || size < BIG_UPLOAD) return undefined
  const names = files.map((file) => file.filename).join(', ')
  const bar = startProgressBar(ctx.stderr, `uploading ${names}`)
  return {
    observer: {
      uploadProgress(done, total) {
        stopSpinner()
        bar.update(done, total)
      },
    },
    finish: () => bar.stop(),
  }
}
