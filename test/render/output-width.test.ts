import { describe, expect, it } from 'vitest'
import { outputWidth, terminalColumns } from '../../src/render/output-width.js'

describe('outputWidth', () => {
  it("a terminal's own width; one that reports 0 columns (a pty nobody sized): $COLUMNS, else 100", () => {
    expect(outputWidth({ isTTY: true, columns: 80 }, { COLUMNS: '120' })).toBe(80)
    expect(outputWidth({ isTTY: true, columns: 0 }, { COLUMNS: '120' })).toBe(120)
    expect(outputWidth({ isTTY: true, columns: 0 }, {})).toBe(100)
    expect(outputWidth({ isTTY: true }, {})).toBe(100)
    expect(terminalColumns({ isTTY: true, columns: 0 })).toBeUndefined()
  })

  it('piped: $COLUMNS when set, else no limit', () => {
    expect(outputWidth({ isTTY: false }, { COLUMNS: '60' })).toBe(60)
    expect(outputWidth({ isTTY: false }, { COLUMNS: 'wide' })).toBe(Number.POSITIVE_INFINITY)
  })
})
