import { describe, expect, it } from 'vitest'
import { createTheme } from '../../src/render/theme.js'

describe('createTheme', () => {
  it('is the identity for every member with colour off', () => {
    const theme = createTheme(false)
    for (const [name, paint] of Object.entries(theme)) {
      if (typeof paint === 'function' && name !== 'status') expect(paint('text')).toBe('text')
    }
    expect(theme.status(500)('Internal')).toBe('Internal')
  })

  it('wraps text in an SGR code and a reset with colour on, and leaves empty text alone', () => {
    const theme = createTheme(true)
    expect(theme.key('"id"')).toBe('\u001b[34m"id"\u001b[0m')
    expect(theme.error('boom')).toBe('\u001b[1;31mboom\u001b[0m')
    expect(theme.string('')).toBe('')
    expect(theme.status(100)('Continue')).toBe('\u001b[1;34mContinue\u001b[0m')
  })
})
