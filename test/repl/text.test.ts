import { describe, expect, it } from 'vitest'
import { UsageError } from '../../src/core/errors.js'
import { openBrackets, splitTrailingOptions } from '../../src/repl/text/graphql-text.js'
import { interpolate } from '../../src/repl/text/interpolate.js'
import { redactLine } from '../../src/repl/text/redact-line.js'
import { quoteWord, scanWords, splitWords } from '../../src/repl/text/split-words.js'
import { parseValuePath, readValuePath, type ValueScope } from '../../src/repl/text/value-path.js'

describe('splitWords: a line read as a shell would', () => {
  it('splits on blanks and honours quotes and backslashes', () => {
    expect(splitWords(`post /v1/items name="Blue pen" tags:='["a b"]' note=it\\'s`)).toEqual([
      'post',
      '/v1/items',
      'name=Blue pen',
      'tags:=["a b"]',
      "note=it's",
    ])
    expect(splitWords(`a "" 'x\\y' "q\\"uote"`)).toEqual(['a', '', 'x\\y', 'q"uote'])
  })

  it('refuses an unclosed quote, and scanWords reports it with the spans', () => {
    expect(() => splitWords(`get name='open`)).toThrow(UsageError)
    expect(scanWords(`get name='open`).openQuote).toBe("'")
    expect(scanWords(`ab  "c d"`).words).toEqual([
      { value: 'ab', start: 0, end: 2 },
      { value: 'c d', start: 4, end: 9 },
    ])
  })

  it('quoteWord round-trips through splitWords', () => {
    for (const value of ['plain', 'two words', "it's", '', '{"a": 1}']) {
      expect(splitWords(quoteWord(value))).toEqual([value])
    }
  })
})

describe('value paths and {{…}}', () => {
  const scope: ValueScope = {
    last: { value: { items: [{ id: '7', tags: ['a', 'b'] }], total: 3, ok: true, none: null } },
    variables: new Map<string, unknown>([
      ['id', '42'],
      ['item', { name: 'Pen' }],
    ]),
  }

  it('parses dotted and bracketed paths', () => {
    expect(parseValuePath('last.items[0].id')).toEqual(['last', 'items', '0', 'id'])
    expect(parseValuePath('last.items.0.tags[1]')).toEqual(['last', 'items', '0', 'tags', '1'])
    expect(parseValuePath(`last["odd key"]`)).toEqual(['last', 'odd key'])
    expect(() => parseValuePath('last..id')).toThrow(UsageError)
    expect(() => parseValuePath('last.')).toThrow(UsageError)
  })

  it('reads the last result and variables', () => {
    expect(readValuePath(scope, 'last.items.0.tags.1')).toBe('b')
    expect(readValuePath(scope, 'item.name')).toBe('Pen')
    expect(readValuePath(scope, 'last.none')).toBeNull()
  })

  it('fills placeholders: strings as they are, other values as JSON', () => {
    expect(interpolate('get /v1/items/{{last.items.0.id}}?n={{ last.total }}', scope)).toBe(
      'get /v1/items/7?n=3',
    )
    expect(interpolate('{{id}} {{last.ok}} {{last.items.0.tags}} {{item}}', scope)).toBe(
      '42 true ["a","b"] {"name":"Pen"}',
    )
    expect(interpolate('no placeholders { here }', scope)).toBe('no placeholders { here }')
  })

  it('says what is wrong with a path that names nothing, with the fields there are', () => {
    expect(() => interpolate('{{last.itms}}', scope)).toThrow(
      /last has no field 'itms'. Did you mean "items"\?/,
    )
    expect(() => interpolate('{{last.items.3}}', scope)).toThrow(/last.items has 1 elements, so no \[3\]/)
    expect(() => interpolate('{{last.items.first}}', scope)).toThrow(/is a list; index it with a number/)
    expect(() => interpolate('{{last.total.x}}', scope)).toThrow(/last.total is a number/)
    expect(() => interpolate('{{nope}}', scope)).toThrow(/no variable 'nope'/)
    expect(() => interpolate('{{last.x}}', { last: undefined, variables: new Map() })).toThrow(
      /no last result yet/,
    )
  })
})

describe('redactLine: what the history file keeps', () => {
  it.each([
    ['.auth basic demo:demo', '.auth basic ••••'],
    ['.auth bearer eyJhbGciOi.x.y', '.auth bearer ••••'],
    ['.auth wss demo:secret', '.auth wss ••••'],
    ['get /v1/items --user demo:demo', 'get /v1/items --user ••••'],
    ['get /v1/items --token=abc.def', 'get /v1/items --token=••••'],
    ['soap CreateItem name=Pen --wss demo:demo', 'soap CreateItem name=Pen --wss ••••'],
    ["get /v1/me 'Authorization:Bearer abc'", "get /v1/me 'Authorization:Bearer ••••'"],
    ['get /v1/me Authorization:Bearer', 'get /v1/me Authorization:••••'],
    ['get /v1/me X-Api-Key:k123', 'get /v1/me X-Api-Key:••••'],
    ['post /login password=hunter2 user=ann', 'post /login password=•••• user=ann'],
    ['get /v1/items access_token==abc page==2', 'get /v1/items access_token==•••• page==2'],
    ['.header Authorization: Bearer abc', '.header Authorization: Bearer ••••'],
    ['.header X-Trace: 1', '.header X-Trace: 1'],
    ['var token=abc', 'var token=••••'],
    [
      'gql mutation { login(password: "pw", user: "ann") { token } }',
      'gql mutation { login(password: "••••", user: "ann") { token } }',
    ],
    ['get /v1/items/1 Accept:application/json name=Pen', 'get /v1/items/1 Accept:application/json name=Pen'],
    ['get http://u:urlpass@127.0.0.1:1/', 'get http://u:••••@127.0.0.1:1/'],
    ['get https://ann:p%40ss@api.example.com/v1?x=1', 'get https://ann:••••@api.example.com/v1?x=1'],
    ['get http://127.0.0.1:1/v1/items@x', 'get http://127.0.0.1:1/v1/items@x'],
    ['soap GetItem id=1 -e http://u:pw@h/soap', 'soap GetItem id=1 -e http://u:••••@h/soap'],
    ['gql { itemCount } --token=tok2', 'gql { itemCount } --token=••••'],
    ['gql { itemCount } --token tok2 -o json', 'gql { itemCount } --token •••• -o json'],
    [
      'gql --user demo:demo -e http://u:pw@h/graphql { a }',
      'gql --user •••• -e http://u:••••@h/graphql { a }',
    ],
    ['{ itemCount } --user=demo:demo', '{ itemCount } --user=••••'],
    ['gql { item(id: "x=1") { name } } -o json', 'gql { item(id: "x=1") { name } } -o json'],
  ])('%s', (line, redacted) => {
    expect(redactLine(line)).toBe(redacted)
  })
})

describe('GraphQL text: when a document ends, and the options after it', () => {
  it('counts open braces and parentheses outside strings, block strings and comments', () => {
    expect(openBrackets('{ items {')).toBe(2)
    expect(openBrackets('{ items(tag: "}") {')).toBe(2)
    expect(openBrackets('{ items { # }\n')).toBe(2)
    expect(openBrackets('{ a(s: """ } """) }')).toBe(0)
    expect(openBrackets('{ a(s: """ open')).toBeGreaterThan(0)
    expect(openBrackets('query Q($n: Int) { items(limit: $n) { id } }')).toBe(0)
  })

  it('takes options only after the closing brace', () => {
    expect(splitTrailingOptions('{ items { id } } -o table')).toEqual({
      document: '{ items { id } }',
      options: '-o table',
    })
    expect(splitTrailingOptions('{ items(tag: "-o") { id } }')).toEqual({
      document: '{ items(tag: "-o") { id } }',
      options: '',
    })
    expect(splitTrailingOptions('{ a } { b } --get')).toEqual({ document: '{ a } { b }', options: '--get' })
  })
})
