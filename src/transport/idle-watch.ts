import { NetworkError } from '../core/errors.js'

/** A got stream as the watch needs it: bytes heard as they arrive, and a way to stop it. */
interface Watched {
  on(event: 'downloadProgress', listener: () => void): unknown
  once(event: 'close', listener: () => void): unknown
  destroy(error: Error): unknown
}

/**
 * --timeout for an answer read as it arrives (a download, a live stream):
 * once the head is in, the limit is on silence, not on the whole transfer.
 * Each chunk notes the time, and a check a few times per limit stops a
 * stream that has been silent for the whole of it, with `silent()`'s error.
 * `stop()` ends the watch (the transfer ended, or was dropped).
 */
export function watchSilence(stream: Watched, limitMs: number, silent: () => Error): { stop(): void } {
  let heard = Date.now()
  stream.on('downloadProgress', () => {
    heard = Date.now()
  })
  const watch = setInterval(
    () => {
      if (Date.now() - heard >= limitMs) stream.destroy(silent())
    },
    Math.max(50, Math.min(limitMs / 4, 1000)),
  )
  // Never what keeps the process alive; gone with the stream.
  watch.unref()
  stream.once('close', () => clearInterval(watch))
  return { stop: () => clearInterval(watch) }
}

/** What a silent transfer ends with (exit 3): how long nothing came, and what to try. */
export function silenceError(limitMs: number, what: string, where: string, hint: string): NetworkError {
  return new NetworkError(`Nothing arrived for ${limitMs / 1000} s (time limit); ${what}.`, { where, hint })
}
