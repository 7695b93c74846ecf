import type { Sink } from '../core/context.js'
import { formatBytes } from './format-bytes.js'
import { escapeControl } from './safe-text.js'
import { truncateToWidth } from './text-width.js'

export interface ProgressBar {
  /** Bytes done so far, of `total` when known; redrawn at most ten times a second. */
  update(done: number, total?: number): void
  /** Erases the bar; safe to call twice. Returns the average speed, bytes per second. */
  stop(): number
}

const eraseLine = '\r\u001b[K'
const WIDTH = 24

/**
 * A transfer's progress on a terminal (stderr): the share done as a bar,
 * the size so far and in all, and the speed. Writes nothing when the sink
 * is not a terminal; the caller says what was done once it is over.
 */
export function startProgressBar(sink: Sink, label: string, now: () => number = Date.now): ProgressBar {
  const started = now()
  let last = 0
  let done = 0
  let drawn = false
  let stopped = false
  const speed = () => done / Math.max((now() - started) / 1000, 0.001)
  const draw = (total: number | undefined) => {
    const rate = `${formatBytes(speed())}/s`
    const size = total === undefined ? formatBytes(done) : `${formatBytes(done)} / ${formatBytes(total)}`
    let bar = ''
    if (total !== undefined && total > 0) {
      const share = Math.min(done / total, 1)
      const filled = Math.round(share * WIDTH)
      bar = ` ${String(Math.floor(share * 100)).padStart(3)}% [${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}]`
    }
    const line = `${escapeControl(label, { newlines: false })}${bar} ${size}  ${rate}`
    sink.write(`${eraseLine}${truncateToWidth(line, (sink.columns || 80) - 1)}`)
    drawn = true
  }
  return {
    update(bytes, total) {
      done = bytes
      if (!sink.isTTY || stopped) return
      const time = now()
      if (time - last < 100 && !(total !== undefined && bytes >= total)) return
      last = time
      draw(total)
    },
    stop() {
      if (!stopped && drawn) sink.write(eraseLine)
      stopped = true
      return speed()
    },
  }
}
