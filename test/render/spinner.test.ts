import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BufferSink } from '../../src/core/context.js'
import { startSpinner } from '../../src/render/spinner.js'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('startSpinner', () => {
  it('writes nothing when the sink is not a terminal', () => {
    const sink = new BufferSink(false)
    const spinner = startSpinner(sink, 'loading', { delayMs: 0 })
    vi.advanceTimersByTime(1000)
    spinner.update('fetching page 3…')
    spinner.stop()
    expect(sink.text()).toBe('')
  })

  it('stays invisible for calls shorter than the delay', () => {
    const sink = new BufferSink(true)
    const spinner = startSpinner(sink, 'loading', { delayMs: 300 })
    vi.advanceTimersByTime(299)
    spinner.stop()
    vi.advanceTimersByTime(1000)
    expect(sink.text()).toBe('')
  })

  it('animates on one line, follows label updates and erases itself on stop', () => {
    const sink = new BufferSink(true, 40)
    const spinner = startSpinner(sink, 'GET /v1/books', { delayMs: 0, intervalMs: 80 })
    expect(sink.chunks).toEqual(['\r\u001b[K⠋ GET /v1/books'])
    vi.advanceTimersByTime(80)
    expect(sink.chunks.at(-1)).toBe('\r\u001b[K⠙ GET /v1/books')
    spinner.update('fetching page 3…')
    expect(sink.chunks.at(-1)).toBe('\r\u001b[K⠹ fetching page 3…')
    spinner.stop()
    expect(sink.chunks.at(-1)).toBe('\r\u001b[K')
    const written = sink.chunks.length
    vi.advanceTimersByTime(1000)
    spinner.stop()
    expect(sink.chunks).toHaveLength(written)
    expect(sink.text()).not.toContain('\n')
  })

  it('keeps a long label within the terminal width', () => {
    const sink = new BufferSink(true, 20)
    startSpinner(sink, 'x'.repeat(100), { delayMs: 0 }).stop()
    expect([...sink.chunks[0]!.replace('\r\u001b[K', '')].length).toBeLessThanOrEqual(19)
  })
})
