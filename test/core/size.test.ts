import { describe, expect, it } from 'vitest'
import { redactUrlsIn } from '../../src/core/redact-url.js'
import { formatSize, parseSize } from '../../src/core/size.js'

describe('parseSize', () => {
  it.each([
    ['2048', 2048],
    ['10MB', 10_000_000],
    ['10 mb', 10_000_000],
    ['512KiB', 512 * 1024],
    ['1GiB', 1024 ** 3],
    ['1.5G', 1.5 * 1024 ** 3],
    ['64k', 64 * 1024],
    ['3B', 3],
  ])('%s is %d bytes', (text, bytes) => {
    expect(parseSize(text)).toBe(bytes)
  })

  it.each(['', 'lots', '-1MB', '0', '10 MBs', '1e9', 'MB'])('%j is not a size', (text) => {
    expect(parseSize(text)).toBeUndefined()
  })

  it('formats sizes as their largest exact unit', () => {
    expect(formatSize(1024 ** 3)).toBe('1 GiB')
    expect(formatSize(20_000_000)).toBe('20 MB')
    expect(formatSize(512 * 1024)).toBe('512 KiB')
    expect(formatSize(1000)).toBe('1 KB')
    expect(formatSize(999)).toBe('999 bytes')
  })
})

describe('redactUrlsIn', () => {
  it('masks every URL in free text: userinfo passwords and secret parameters', () => {
    const text =
      'GET https://u:hunter2@api.example.com/v1?api_key=k3y&page=2 failed; see http://h/x?token=t0k.'
    expect(redactUrlsIn(text)).toBe(
      'GET https://u:••••@api.example.com/v1?api_key=••••&page=2 failed; see http://h/x?token=••••.',
    )
  })

  it('leaves text without URLs alone', () => {
    expect(redactUrlsIn('token=abc is not a URL')).toBe('token=abc is not a URL')
  })
})
