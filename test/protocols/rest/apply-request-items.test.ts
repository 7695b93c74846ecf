import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, UsageError } from '../../../src/core/errors.js'
import { applyRequestItems } from '../../../src/protocols/rest/items/apply-request-items.js'
import { parseRequestItem } from '../../../src/protocols/rest/items/parse-request-item.js'
import type { RequestItem } from '../../../src/protocols/rest/items/request-item.js'

const noFiles = (path: string): string => {
  throw new Error(`unexpected read of ${path}`)
}

const apply = (...args: string[]) => applyRequestItems(args.map(parseRequestItem), noFiles)

describe('applyRequestItems: headers', () => {
  it('keeps headers in order, repeated names included', () => {
    expect(apply('X-A:1', 'Accept:text/plain', 'X-A:2').headers).toEqual([
      ['X-A', '1'],
      ['Accept', 'text/plain'],
      ['X-A', '2'],
    ])
  })

  it('sends Name; as an empty value', () => {
    expect(apply('X-Empty;').headers).toEqual([['X-Empty', '']])
  })

  it('drops a header with Name:, including values given before it (any case)', () => {
    const applied = apply('x-trace:1', 'User-Agent:', 'X-Trace:')
    expect(applied.headers).toEqual([])
    expect(applied.unsetHeaders).toEqual(['User-Agent', 'X-Trace'])
  })

  it('lists an unset header once', () => {
    expect(apply('Accept:', 'accept:').unsetHeaders).toEqual(['Accept'])
  })

  it('takes a dropped header back when a value follows', () => {
    const applied = apply('Authorization:', 'authorization:Bearer t')
    expect(applied.headers).toEqual([['authorization', 'Bearer t']])
    expect(applied.unsetHeaders).toEqual([])
  })

  it('has no body without data items', () => {
    const applied = apply('X-A:1', 'page==2')
    expect(applied.body).toBeUndefined()
    expect(applied.query).toEqual([['page', '2']])
  })
})

describe('applyRequestItems: query parameters', () => {
  it('keeps order and repeated names', () => {
    expect(apply('tag==a', 'page==2', 'tag==b', 'empty==').query).toEqual([
      ['tag', 'a'],
      ['page', '2'],
      ['tag', 'b'],
      ['empty', ''],
    ])
  })
})

describe('applyRequestItems: body fields', () => {
  it('builds strings and raw JSON side by side', () => {
    expect(apply('name=Pen', 'price:=2.5', 'tags:=["a"]', 'description:=null', 'active:=true').body).toEqual({
      name: 'Pen',
      price: 2.5,
      tags: ['a'],
      description: null,
      active: true,
    })
  })

  it('leaves the items as they were, so they can be applied again', () => {
    const items = ['tags:=["a"]', 'tags[]=b', 'meta:={"x": {}}', 'meta[x][y]=1'].map(parseRequestItem)
    const first = applyRequestItems(items, noFiles).body
    const second = applyRequestItems(items, noFiles).body
    expect(second).toEqual({ tags: ['a', 'b'], meta: { x: { y: '1' } } })
    expect(second).toEqual(first)
    expect(items[0]).toEqual({ kind: 'dataJson', path: 'tags', value: ['a'] })
  })

  it('accepts items built in code, not only parsed ones', () => {
    const items: RequestItem[] = [
      { kind: 'dataString', path: 'a[b]', value: 'x' },
      { kind: 'dataJson', path: 'a[c][]', value: { deep: 1 } },
    ]
    expect(applyRequestItems(items, noFiles).body).toEqual({ a: { b: 'x', c: [{ deep: 1 }] } })
  })
})

describe('applyRequestItems: files', () => {
  let dir: string
  const file = (name: string) => join(dir, name)
  const readFile = (path: string) => readFileSync(path, 'utf8')
  const applyWithFiles = (...args: string[]) => applyRequestItems(args.map(parseRequestItem), readFile)

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'apictl-items-'))
    await writeFile(file('bio.txt'), 'Writes things.\nLikes pens.\n')
    await writeFile(file('token.txt'), 'abc123\n\n')
    await writeFile(file('two-lines.txt'), 'a\nb\n')
    await writeFile(file('meta.json'), '{"color": "red", "sizes": [1, 2]}\n')
    await writeFile(file('bad.json'), '{"color": red}')
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('field=@file sends the text as is, trailing newline kept', () => {
    expect(applyWithFiles(`bio=@${file('bio.txt')}`).body).toEqual({ bio: 'Writes things.\nLikes pens.\n' })
  })

  it('field:=@file.json sends the JSON the file holds', () => {
    expect(applyWithFiles(`meta:=@${file('meta.json')}`).body).toEqual({
      meta: { color: 'red', sizes: [1, 2] },
    })
  })

  it('file items nest like the others (HTTPie test case)', () => {
    const body = applyWithFiles(
      `x=@${file('bio.txt')}`,
      `y[z]=@${file('bio.txt')}`,
      `q[u][]:=@${file('meta.json')}`,
    ).body
    expect(body).toEqual({
      x: 'Writes things.\nLikes pens.\n',
      y: { z: 'Writes things.\nLikes pens.\n' },
      q: { u: [{ color: 'red', sizes: [1, 2] }] },
    })
  })

  it('Name:@file and name==@file drop the trailing newlines', () => {
    const applied = applyWithFiles(`X-Token:@${file('token.txt')}`, `token==@${file('token.txt')}`)
    expect(applied.headers).toEqual([['X-Token', 'abc123']])
    expect(applied.query).toEqual([['token', 'abc123']])
  })

  it('refuses a header file of several lines', () => {
    expect(() => applyWithFiles(`X-Token:@${file('two-lines.txt')}`)).toThrow(
      /the value holds a line break or another control character/,
    )
  })

  it('names the file and the item when the JSON in a file is bad', () => {
    const path = file('bad.json')
    let error: unknown
    try {
      applyWithFiles(`meta:=@${path}`)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(UsageError)
    const usage = error as UsageError
    expect(usage.message).toMatch(new RegExp(`^'${path}' \\(from 'meta:=@${path}'\\) is not valid JSON: `))
    expect(usage.where).toBe(path)
    expect(usage.hint).toBe(`Fix the file, or use meta=@${path} to send its content as a string.`)
  })

  it('names the file and the item when a file cannot be read', () => {
    const path = file('missing.txt')
    let error: unknown
    try {
      applyWithFiles(`bio=@${path}`)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(UsageError)
    expect((error as UsageError).message).toMatch(
      new RegExp(`^Cannot read '${path}' for 'bio=@${path}': no such file\\.$`),
    )
  })

  it("passes the reader's own apictl errors through", () => {
    const refuse = () => {
      throw new ConfigError('no files here')
    }
    expect(() => applyRequestItems([parseRequestItem('a=@x')], refuse)).toThrow(ConfigError)
  })

  it('reads nothing for items that name no file', () => {
    const seen: string[] = []
    applyRequestItems(['a=b', 'c:=1', 'X:y', 'q==1'].map(parseRequestItem), (path) => {
      seen.push(path)
      return ''
    })
    expect(seen).toEqual([])
  })
})

describe('applyRequestItems: prototype pollution guard', () => {
  const probe = () => ({}) as Record<string, unknown>

  it('keeps __proto__ an ordinary key', () => {
    const body = apply('__proto__[polluted]=yes').body as Record<string, unknown>
    expect(probe().polluted).toBeUndefined()
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype)
    expect(Object.hasOwn(body, '__proto__')).toBe(true)
    expect(JSON.stringify(body)).toBe('{"__proto__":{"polluted":"yes"}}')
  })

  it('keeps constructor and prototype ordinary keys', () => {
    const body = apply('constructor[prototype][polluted]=yes', 'a[constructor]=Ferrari').body
    expect(probe().polluted).toBeUndefined()
    expect(JSON.stringify(body)).toBe(
      '{"constructor":{"prototype":{"polluted":"yes"}},"a":{"constructor":"Ferrari"}}',
    )
  })

  it('does not walk into a prototype through a key inside raw JSON', () => {
    const body = apply('x:={"__proto__": {"a": 1}}', 'x[__proto__][polluted]=yes', 'y[__proto__]:=1').body
    expect(probe().polluted).toBeUndefined()
    expect(JSON.stringify(body)).toBe('{"x":{"__proto__":{"a":1,"polluted":"yes"}},"y":{"__proto__":1}}')
  })

  it('does not reach Object.prototype through an inherited key', () => {
    const body = apply('toString[x]=1', 'hasOwnProperty=2').body as Record<string, unknown>
    expect(JSON.stringify(body)).toBe('{"toString":{"x":"1"},"hasOwnProperty":"2"}')
    expect(typeof Object.prototype.toString).toBe('function')
  })
})
