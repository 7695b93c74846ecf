import { describe, expect, it } from 'vitest'
import { UsageError } from '../../../src/core/errors.js'
import { parseRequestItem } from '../../../src/protocols/rest/items/parse-request-item.js'

function usageError(arg: string): UsageError {
  try {
    parseRequestItem(arg)
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    expect((error as UsageError).exitCode).toBe(2)
    return error as UsageError
  }
  throw new Error(`expected '${arg}' to be refused`)
}

describe('parseRequestItem: one item per kind', () => {
  it.each([
    ['X-Api-Key:abc', { kind: 'header', name: 'X-Api-Key', value: 'abc' }],
    ['X-Api-Key: abc ', { kind: 'header', name: 'X-Api-Key', value: 'abc' }],
    ['X-Empty;', { kind: 'header', name: 'X-Empty', value: '' }],
    ['Accept:', { kind: 'unsetHeader', name: 'Accept' }],
    ['X-Token:@token.txt', { kind: 'headerFile', name: 'X-Token', file: 'token.txt' }],
    ['page==2', { kind: 'query', name: 'page', value: '2' }],
    ['q==', { kind: 'query', name: 'q', value: '' }],
    ['filter[name]==Pen', { kind: 'query', name: 'filter[name]', value: 'Pen' }],
    ['search==@query.txt', { kind: 'queryFile', name: 'search', file: 'query.txt' }],
    ['name=Pen', { kind: 'dataString', path: 'name', value: 'Pen' }],
    ['name=', { kind: 'dataString', path: 'name', value: '' }],
    ['price:=2.5', { kind: 'dataJson', path: 'price', value: 2.5 }],
    ['tags:=["a","b"]', { kind: 'dataJson', path: 'tags', value: ['a', 'b'] }],
    ['description:=null', { kind: 'dataJson', path: 'description', value: null }],
    ['bio=@bio.txt', { kind: 'dataStringFile', path: 'bio', file: 'bio.txt' }],
    ['meta:=@meta.json', { kind: 'dataJsonFile', path: 'meta', file: 'meta.json' }],
    ['a[b][]=x', { kind: 'dataString', path: 'a[b][]', value: 'x' }],
    ['a[b]:=1', { kind: 'dataJson', path: 'a[b]', value: 1 }],
    ['[]:=1', { kind: 'dataJson', path: '[]', value: 1 }],
    ['=empty', { kind: 'dataString', path: '', value: 'empty' }],
  ])('%s', (arg, expected) => {
    expect(parseRequestItem(arg)).toEqual(expected)
  })
})

describe('parseRequestItem: which separator wins', () => {
  it.each([
    // the first separator in the item wins...
    ['url=http://h:8080/x', { kind: 'dataString', path: 'url', value: 'http://h:8080/x' }],
    ['Referer:http://h/x?a=b', { kind: 'header', name: 'Referer', value: 'http://h/x?a=b' }],
    ['Authorization:Bearer a=b', { kind: 'header', name: 'Authorization', value: 'Bearer a=b' }],
    ['note=a:b;c', { kind: 'dataString', path: 'note', value: 'a:b;c' }],
    ['q==a==b', { kind: 'query', name: 'q', value: 'a==b' }],
    // ...and the longest of those starting at the same place
    ['a:=@x.json', { kind: 'dataJsonFile', path: 'a', file: 'x.json' }],
    ['a==@x', { kind: 'queryFile', name: 'a', file: 'x' }],
    ['a=@x', { kind: 'dataStringFile', path: 'a', file: 'x' }],
    ['a:=1', { kind: 'dataJson', path: 'a', value: 1 }],
  ])('%s', (arg, expected) => {
    expect(parseRequestItem(arg)).toEqual(expected)
  })
})

describe('parseRequestItem: backslash escapes', () => {
  it.each([
    [String.raw`a\:b=c`, { kind: 'dataString', path: 'a:b', value: 'c' }],
    [String.raw`foo\==bar`, { kind: 'dataString', path: 'foo=', value: 'bar' }],
    [String.raw`f\=\:\@\;oo=b\:\:\:ar`, { kind: 'dataString', path: 'f=:@;oo', value: 'b:::ar' }],
    [String.raw`email=\@me`, { kind: 'dataString', path: 'email', value: '@me' }],
    [String.raw`X-Handle:\@alice`, { kind: 'header', name: 'X-Handle', value: '@alice' }],
    [String.raw`q==\@x`, { kind: 'query', name: 'q', value: '@x' }],
    [String.raw`x\:=1`, { kind: 'dataString', path: 'x:', value: '1' }],
    // other backslashes stay as typed (nested paths read \[ \] \\ later)
    [String.raw`note=a\b`, { kind: 'dataString', path: 'note', value: String.raw`a\b` }],
    [String.raw`a\[b\]=1`, { kind: 'dataString', path: String.raw`a\[b\]`, value: '1' }],
    [String.raw`foo=bar\\`, { kind: 'dataString', path: 'foo', value: String.raw`bar\\` }],
    ['foo=bar\\', { kind: 'dataString', path: 'foo', value: 'bar\\' }],
    ['\u00b5=\u00b5', { kind: 'dataString', path: '\u00b5', value: '\u00b5' }],
  ])('%s', (arg, expected) => {
    expect(parseRequestItem(arg)).toEqual(expected)
  })
})

describe('parseRequestItem: errors name the item and the syntax to use', () => {
  it('refuses an item without a separator', () => {
    const error = usageError('foobar')
    expect(error.message).toBe("'foobar' is not a valid request item.")
    expect(error.hint).toContain('Name:value (header)')
    expect(error.hint).toContain('field:=json (raw JSON)')
  })

  it('refuses an empty item', () => {
    expect(usageError('').message).toBe("'' is not a valid request item.")
  })

  it('reads field@file as a file upload, with ;type= setting its content type', () => {
    expect(parseRequestItem('avatar@me.png')).toEqual({ kind: 'fileUpload', name: 'avatar', file: 'me.png' })
    expect(parseRequestItem('doc@./a;b.bin;type=application/pdf')).toEqual({
      kind: 'fileUpload',
      name: 'doc',
      file: './a;b.bin',
      type: 'application/pdf',
    })
    // The first separator wins: an email in a value stays a value.
    expect(parseRequestItem('email=me@example.com')).toEqual({
      kind: 'dataString',
      path: 'email',
      value: 'me@example.com',
    })
    expect(usageError('@me.png').message).toContain('a file upload needs a field name')
    expect(usageError('avatar@').message).toContain('no file name after @')
  })

  it('says a URL is not an item', () => {
    const error = usageError('https://example.com/v1/items')
    expect(error.message).toBe("'https://example.com/v1/items' looks like a URL, not a request item.")
    expect(error.hint).toContain('one URL')
  })

  it('refuses raw JSON that does not parse', () => {
    const error = usageError('price:=2,5')
    expect(error.message).toMatch(
      /^'price:=2,5' is not valid JSON: .+\. Use field=value for strings or field:=json for raw JSON\.$/,
    )
    expect(error.hint).toContain('price:=2.5')
  })

  it('refuses a bare word as JSON (a string needs quotes)', () => {
    expect(usageError('name:=Pen').message).toMatch(/^'name:=Pen' is not valid JSON/)
  })

  it('refuses a header name that is not a token', () => {
    const error = usageError('a b:c')
    expect(error.message).toBe(
      "Invalid header item 'a b:c': 'a b' is not a valid header name (letters, digits and !#$%&'*+-.^_`|~ only).",
    )
    expect(error.hint).toContain('\\:')
  })

  it('refuses an empty header name', () => {
    expect(usageError(':value').message).toBe(
      "Invalid header item ':value': the header name is empty (letters, digits and !#$%&'*+-.^_`|~ only).",
    )
    expect(usageError(';').message).toContain('the header name is empty')
  })

  it('refuses a line break in a header value', () => {
    expect(usageError('X-Evil:a\r\nInjected: 1').message).toBe(
      "Invalid header item 'X-Evil:a\r\nInjected: 1': the value holds a line break or another control character.",
    )
  })

  it('refuses a value after Name; (the empty-header syntax)', () => {
    const error = usageError('X-Empty;value')
    expect(error.message).toBe("Invalid item 'X-Empty;value': to send an empty header write X-Empty; alone.")
  })

  it.each(['bio=@', 'meta:=@', 'X-Token:@', 'q==@'])('refuses %s without a file name', (arg) => {
    const error = usageError(arg)
    expect(error.message).toMatch(new RegExp(`^Invalid item '${arg}': no file name after`))
    expect(error.hint).toContain('\\@')
  })

  it('checks nested field paths before anything is read', () => {
    const error = usageError('A[1=x')
    expect(error.message).toBe(
      "Invalid field path in 'A[1=x': expected ']', found the end of the path\n  A[1\n     ^",
    )
  })
})
