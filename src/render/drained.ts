import type { Sink } from '../core/context.js'

/**
 * Waits while `sink` holds more than it wants (a process's stdout to a
 * socket or slow pipe buffers in memory otherwise): the body is read no
 * faster than it is written.
 */
export async function drained(sink: Sink): Promise<void> {
  const stream = sink as unknown as {
    writableNeedDrain?: boolean
    once?(event: 'drain', listener: () => void): void
  }
  if (stream.writableNeedDrain === true && typeof stream.once === 'function') {
    await new Promise<void>((resolve) => stream.once!('drain', resolve))
  }
}
