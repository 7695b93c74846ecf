import { describe, expect, it } from 'vitest'
import { parseRequestItem } from '../../../src/protocols/rest/items/parse-request-item.js'
import { formatRequestItem, type RequestItem } from '../../../src/protocols/rest/items/request-item.js'
import { splitRequestItem } from '../../../src/protocols/rest/items/split-request-item.js'

describe('formatRequestItem', () => {
  it.each([
    ['X-A:1', 'X-A:1'],
    ['X-Empty;', 'X-Empty;'],
    ['Accept:', 'Accept:'],
    ['X-Token:@t.txt', 'X-Token:@t.txt'],
    ['page==2', 'page==2'],
    ['q==@q.txt', 'q==@q.txt'],
    ['name=Pen', 'name=Pen'],
    ['price:=2.5', 'price:=2.5'],
    ['tags:=[ "a" ]', 'tags:=["a"]'],
    ['bio=@b.txt', 'bio=@b.txt'],
    ['meta:=@m.json', 'meta:=@m.json'],
    [String.raw`a\:b=c`, String.raw`a\:b=c`],
    [String.raw`email=\@me`, String.raw`email=\@me`],
    [String.raw`X-Handle:\@me`, String.raw`X-Handle:\@me`],
    [String.raw`X-Eq:\=x`, String.raw`X-Eq:\=x`],
  ])('%s → %s', (arg, text) => {
    expect(formatRequestItem(parseRequestItem(arg))).toBe(text)
  })

  it('writes items built in code so that they parse back the same', () => {
    const items: RequestItem[] = [
      { kind: 'header', name: 'X-A', value: '=x' },
      { kind: 'query', name: 'a=b', value: '@c' },
      { kind: 'dataString', path: 'x:y[z]', value: '=@' },
      { kind: 'dataJson', path: 'n;m', value: { a: [1] } },
    ]
    for (const item of items) expect(parseRequestItem(formatRequestItem(item))).toEqual(item)
  })
})

describe('splitRequestItem', () => {
  it('returns undefined without an unescaped separator', () => {
    expect(splitRequestItem(String.raw`a\=b\:c`)).toBeUndefined()
    expect(splitRequestItem('plain')).toBeUndefined()
  })

  it('finds a separator after escaped characters', () => {
    expect(splitRequestItem(String.raw`a\=b==c\=d`)).toEqual({ key: 'a=b', separator: '==', value: 'c=d' })
  })
})
