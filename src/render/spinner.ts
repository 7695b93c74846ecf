import type { Sink } from '../core/context.js'
import { escapeControl } from './safe-text.js'
import { truncateToWidth } from './text-width.js'

export interface Spinner {
  /** Changes the label (e.g. `fetching page 3…`), redrawing at once if visible. */
  update(label: string): void
  /** Stops and erases the spinner line; safe to call twice. */
  stop(): void
}

export interface SpinnerOptions {
  /** Quiet period before anything is drawn, so fast calls never flicker (default 300). */
  delayMs?: number
  /** Time between frames (default 80). */
  intervalMs?: number
}

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
const eraseLine = '\r\u001b[K'

/**
 * A one-line progress indicator on a terminal sink (normally stderr).
 * Writes nothing at all when the sink is not a terminal. Its timers are
 * unref'd, so a forgotten spinner never keeps the process alive.
 */
export function startSpinner(sink: Sink, label: string, options: SpinnerOptions = {}): Spinner {
  if (!sink.isTTY) return { update: () => {}, stop: () => {} }
  let text = label
  let frame = 0
  let visible = false
  let stopped = false
  let interval: NodeJS.Timeout | undefined

  const draw = () => {
    const line = `${frames[frame % frames.length]} ${escapeControl(text, { newlines: false })}`
    sink.write(`${eraseLine}${truncateToWidth(line, (sink.columns ?? 80) - 1)}`)
    frame++
    visible = true
  }
  const begin = () => {
    if (stopped) return
    draw()
    interval = setInterval(draw, options.intervalMs ?? 80)
    interval.unref?.()
  }
  const delay = options.delayMs ?? 300
  let timeout: NodeJS.Timeout | undefined
  if (delay <= 0) begin()
  else {
    timeout = setTimeout(begin, delay)
    timeout.unref?.()
  }

  return {
    update(next) {
      text = next
      if (visible && !stopped) draw()
    },
    stop() {
      if (stopped) return
      stopped = true
      clearTimeout(timeout)
      clearInterval(interval)
      if (visible) sink.write(eraseLine)
    },
  }
}
