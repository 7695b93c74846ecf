import { describe, expect, it } from 'vitest'
import { formatTimings } from '../../src/render/format-timings.js'
import { stripAnsi } from '../../src/render/text-width.js'

describe('formatTimings', () => {
  it('prints the phases present on one line', () => {
    expect(formatTimings({ dns: 0.43, connect: 1.1, firstByte: 12.34, total: 13 }, { colour: false })).toBe(
      'dns 0.4 ms · connect 1.1 ms · first byte 12.3 ms · total 13.0 ms',
    )
    expect(formatTimings({ total: 2.25 }, { colour: false })).toBe('total 2.3 ms')
  })

  it('switches to seconds past one second and includes tls', () => {
    expect(formatTimings({ tls: 30, total: 1534 }, { colour: false })).toBe('tls 30.0 ms · total 1.53 s')
  })

  it('leaves out phases that are not real durations', () => {
    expect(formatTimings({ dns: Number.NaN, connect: -1, total: 5 }, { colour: false })).toBe('total 5.0 ms')
  })

  it('colours with colour on', () => {
    const out = formatTimings({ total: 5 }, { colour: true })
    expect(out).toContain('\u001b[')
    expect(stripAnsi(out)).toBe('total 5.0 ms')
  })
})
