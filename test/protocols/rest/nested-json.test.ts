import { describe, expect, it } from 'vitest'
import { UsageError } from '../../../src/core/errors.js'
import { applyRequestItems } from '../../../src/protocols/rest/items/apply-request-items.js'
import { parseRequestItem } from '../../../src/protocols/rest/items/parse-request-item.js'

const noFiles = (path: string): string => {
  throw new Error(`unexpected read of ${path}`)
}

const bodyOf = (...args: string[]): unknown => applyRequestItems(args.map(parseRequestItem), noFiles).body

function errorOf(...args: string[]): UsageError {
  try {
    bodyOf(...args)
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    return error as UsageError
  }
  throw new Error(`expected ${args.join(' ')} to be refused`)
}

const raw = String.raw

describe('nested JSON: the documented HTTPie example', () => {
  it('builds the platform object', () => {
    const body = bodyOf(
      'platform[name]=HTTPie',
      'platform[about][mission]=Make APIs simple and intuitive',
      'platform[about][homepage]=httpie.io',
      'platform[about][homepage]=httpie.io',
      'platform[about][stars]:=54000',
      'platform[apps][]=Terminal',
      'platform[apps][]=Desktop',
      'platform[apps][]=Web',
      'platform[apps][]=Mobile',
    )
    expect(JSON.stringify(body, null, 4)).toBe(`{
    "platform": {
        "name": "HTTPie",
        "about": {
            "mission": "Make APIs simple and intuitive",
            "homepage": "httpie.io",
            "stars": 54000
        },
        "apps": [
            "Terminal",
            "Desktop",
            "Web",
            "Mobile"
        ]
    }
}`)
  })
})

// The cases of HTTPie's tests/test_json.py::test_nested_json_syntax (file items are in apply-request-items.test.ts).
describe('nested JSON: HTTPie test cases', () => {
  it.each<[string[], unknown]>([
    [['bottle-on-wall[]:=1', 'bottle-on-wall[]:=2', 'bottle-on-wall[]:=3'], { 'bottle-on-wall': [1, 2, 3] }],
    [
      ['pet[species]=Dahut', 'pet[name]:="Hypatia"', 'kids[1]=Thelma', 'kids[0]:="Ashley"'],
      { pet: { species: 'Dahut', name: 'Hypatia' }, kids: ['Ashley', 'Thelma'] },
    ],
    [
      [
        'pet[0][species]=Dahut',
        'pet[0][name]=Hypatia',
        'pet[1][species]=Felis Stultus',
        'pet[1][name]:="Billie"',
      ],
      {
        pet: [
          { species: 'Dahut', name: 'Hypatia' },
          { species: 'Felis Stultus', name: 'Billie' },
        ],
      },
    ],
    [
      ['wow[such][deep][3][much][power][!]=Amaze'],
      { wow: { such: { deep: [null, null, null, { much: { power: { '!': 'Amaze' } } }] } } },
    ],
    [
      ['mix[]=scalar', 'mix[2]=something', 'mix[4]:="something 2"'],
      { mix: ['scalar', null, 'something', null, 'something 2'] },
    ],
    [['highlander[]=one'], { highlander: ['one'] }],
    [
      ['error[good]=BOOM!', raw`error\[bad:="BOOM BOOM!"`],
      { error: { good: 'BOOM!' }, 'error[bad': 'BOOM BOOM!' },
    ],
    [
      ['special[]:=true', 'special[]:=false', 'special[]:="true"', 'special[]:=null'],
      { special: [true, false, 'true', null] },
    ],
    [
      [raw`\[\]:=1`, raw`escape\[d\]:=1`, raw`escaped\[\]:=1`, raw`e\[s\][c][a][p][\[ed\]][]:=1`],
      { '[]': 1, 'escape[d]': 1, 'escaped[]': 1, 'e[s]': { c: { a: { p: { '[ed]': [1] } } } } },
    ],
    [
      ['[]:=1', '[]=foo'],
      [1, 'foo'],
    ],
    [[raw`\]:=1`, raw`\[\]1:=1`, raw`\[1\]\]:=1`], { ']': 1, '[]1': 1, '[1]]': 1 }],
    [
      [raw`foo\[bar\][baz]:=1`, raw`foo\[bar\]\[baz\]:=3`, raw`foo[bar][\[baz\]]:=4`],
      { 'foo[bar]': { baz: 1 }, 'foo[bar][baz]': 3, foo: { bar: { '[baz]': 4 } } },
    ],
    [['key[]:=1', 'key[][]:=2', 'key[][][]:=3', 'key[][][]:=4'], { key: [1, [2], [[3]], [[4]]] }],
    [['x[0]:=1', 'x[]:=2', 'x[]:=3', 'x[][]:=4', 'x[][]:=5'], { x: [1, 2, 3, [4], [5]] }],
    [
      [
        'foo[bar][5][]:=5',
        'foo[bar][]:=6',
        'foo[bar][][]:=7',
        'foo[bar][][x]=dfasfdas',
        'foo[baz]:=[1, 2, 3]',
        'foo[baz][]:=4',
      ],
      { foo: { bar: [null, null, null, null, null, [5], 6, [7], { x: 'dfasfdas' }], baz: [1, 2, 3, 4] } },
    ],
    [
      [
        'foo[]:=1',
        'foo[]:=2',
        'foo[][key]=value',
        'foo[2][key 2]=value 2',
        raw`foo[2][key \[]=value 3`,
        raw`bar[nesting][under][!][empty][?][\\key]:=4`,
      ],
      {
        foo: [1, 2, { key: 'value', 'key 2': 'value 2', 'key [': 'value 3' }],
        bar: { nesting: { under: { '!': { empty: { '?': { '\\key': 4 } } } } } },
      },
    ],
    [
      [
        raw`foo\[key\]:=1`,
        raw`bar\[1\]:=2`,
        raw`quux[key\[escape\]]:=4`,
        raw`quux[key 2][\\][\\\\][\\\[\]\\\]\\\[\n\\]:=5`,
      ],
      {
        'foo[key]': 1,
        'bar[1]': 2,
        quux: { 'key[escape]': 4, 'key 2': { '\\': { '\\\\': { '\\[]\\]\\[\\n\\': 5 } } } },
      },
    ],
    [[raw`A[B\\]=C`, raw`A[B\\\\]=C`, raw`A[\B\\]=C`], { A: { 'B\\': 'C', 'B\\\\': 'C', '\\B\\': 'C' } }],
    [
      [
        'name=python',
        'version:=3',
        'date[year]:=2021',
        'date[month]=December',
        'systems[]=Linux',
        'systems[]=Mac',
        'systems[]=Windows',
        'people[known_ids][1]:=1000',
        'people[known_ids][5]:=5000',
      ],
      {
        name: 'python',
        version: 3,
        date: { year: 2021, month: 'December' },
        systems: ['Linux', 'Mac', 'Windows'],
        people: { known_ids: [null, 1000, null, null, null, 5000] },
      },
    ],
    [
      [
        raw`foo[\1][type]=migration`,
        raw`foo[\2][type]=migration`,
        raw`foo[\dates]:=[2012, 2013]`,
        raw`foo[\dates][0]:=2014`,
        raw`foo[\2012 bleh]:=2013`,
        raw`foo[bleh \2012]:=2014`,
        raw`\2012[x]:=2`,
        raw`\2012[\[3\]]:=4`,
      ],
      {
        foo: {
          '1': { type: 'migration' },
          '2': { type: 'migration' },
          '\\dates': [2014, 2013],
          '\\2012 bleh': 2013,
          'bleh \\2012': 2014,
        },
        '2012': { x: 2, '[3]': 4 },
      },
    ],
    [
      [
        raw`a[\0]:=0`,
        raw`a[\\1]:=1`,
        raw`a[\\\2]:=2`,
        raw`a[\\\\\3]:=3`,
        raw`a[-1\\]:=-1`,
        raw`a[-2\\\\]:=-2`,
        raw`a[\\-3\\\\]:=-3`,
      ],
      { a: { '0': 0, '\\1': 1, '\\\\2': 2, '\\\\\\3': 3, '-1\\': -1, '-2\\\\': -2, '\\-3\\\\': -3 } },
    ],
    [
      ['[]:=0', '[]:=1', '[5]:=5', '[]:=6', '[9]:=9'],
      [0, 1, null, null, null, 5, 6, null, null, 9],
    ],
    [
      ['=empty', 'foo=bar', 'bar[baz][quux]=tuut'],
      { '': 'empty', foo: 'bar', bar: { baz: { quux: 'tuut' } } },
    ],
    [
      [raw`\1=top level int`, raw`\\1=escaped top level int`, raw`\2[\3][\4]:=5`],
      { '1': 'top level int', '\\1': 'escaped top level int', '2': { '3': { '4': 5 } } },
    ],
    [[':={"foo": {"bar": "baz"}}', 'top=val'], { '': { foo: { bar: 'baz' } }, top: 'val' }],
    [
      ['[][a][b][]:=1', '[0][a][b][]:=2', '[][]:=2'],
      [{ a: { b: [1, 2] } }, [2]],
    ],
    [[':=[1,2,3]'], { '': [1, 2, 3] }],
    [[':=[1,2,3]', 'foo=bar'], { '': [1, 2, 3], foo: 'bar' }],
  ])('%j', (args, expected) => {
    expect(bodyOf(...args)).toEqual(expected)
  })

  it('keeps a sparse array as nulls', () => {
    const body = bodyOf('test[0]:=1', 'test[100]:=1') as { test: unknown[] }
    expect(body.test).toHaveLength(101)
    expect(body.test[50]).toBeNull()
  })

  it('lets a later plain item replace an earlier one (no lists of duplicates)', () => {
    expect(bodyOf('x=1', 'x=2')).toEqual({ x: '2' })
  })

  it('replaces a null met on the way, as if absent', () => {
    expect(bodyOf('a:=null', 'a[b]=1')).toEqual({ a: { b: '1' } })
    expect(bodyOf('a[1]:=null', 'a[1][]=x')).toEqual({ a: [null, ['x']] })
  })
})

// HTTPie's tests/test_json.py::test_nested_json_errors, with apictl's wording.
describe('nested JSON: syntax errors show the path with carets', () => {
  it.each([
    [
      ['A[:=1'],
      "Invalid field path in 'A[:=1': expected a key, a number or ']', found the end of the path\n  A[\n    ^",
    ],
    [['A[1:=1'], "Invalid field path in 'A[1:=1': expected ']', found the end of the path\n  A[1\n     ^"],
    [
      ['A[text:=1'],
      "Invalid field path in 'A[text:=1': expected ']', found the end of the path\n  A[text\n        ^",
    ],
    [
      ['A[key]=value', 'B[something]=u', 'A[text][:=1', 'C[key]=value'],
      "Invalid field path in 'A[text][:=1': expected a key, a number or ']', found the end of the path\n  A[text][\n          ^",
    ],
    [['A[text]1:=1'], "Invalid field path in 'A[text]1:=1': expected '[', found '1'\n  A[text]1\n         ^"],
    [[raw`A\[]:=1`], "Invalid field path in 'A\\[]:=1': expected '[', found ']'\n  A\\[]\n     ^"],
    [
      [raw`A[something\]:=1`],
      "Invalid field path in 'A[something\\]:=1': expected ']', found the end of the path\n  A[something\\]\n               ^",
    ],
    [
      ['foo[bar][1]][]:=2'],
      "Invalid field path in 'foo[bar][1]][]:=2': expected '[', found ']'\n  foo[bar][1]][]\n             ^",
    ],
    [
      ['foo[bar][1]something[]:=2'],
      "Invalid field path in 'foo[bar][1]something[]:=2': expected '[', found 'something'\n" +
        '  foo[bar][1]something[]\n             ^^^^^^^^^',
    ],
    [
      ['foo[bar][1][142241[]:=2'],
      "Invalid field path in 'foo[bar][1][142241[]:=2': expected ']', found '['\n  foo[bar][1][142241[]\n                    ^",
    ],
    [[']x=1'], "Invalid field path in ']x=1': expected a key, a number or '[', found ']'\n  ]x\n  ^"],
    [['[x]=1'], "Invalid field path in '[x]=1': expected a number or ']', found 'x'\n  [x]\n   ^"],
  ])('%j', (args, message) => {
    const error = errorOf(...args)
    expect(error.message).toBe(message)
    expect(error.hint).toContain('a[b]')
  })
})

describe('nested JSON: type conflicts name the item and the path', () => {
  it.each([
    [
      ['foo=1', 'foo[key]:=2'],
      "Type conflict in 'foo[key]:=2': 'foo' is a string, but key [key] needs an object\n  foo[key]\n     ^^^^^",
    ],
    [
      ['foo=1', 'foo[0]:=2'],
      "Type conflict in 'foo[0]:=2': 'foo' is a string, but index [0] needs an array\n  foo[0]\n     ^^^",
    ],
    [
      ['foo=1', 'foo[]:=2'],
      "Type conflict in 'foo[]:=2': 'foo' is a string, but append [] needs an array\n  foo[]\n     ^^",
    ],
    [
      ['data[key]=value', 'data[key 2]=value 2', 'data[0]=value'],
      "Type conflict in 'data[0]=value': 'data' is an object, but index [0] needs an array\n  data[0]\n      ^^^",
    ],
    [
      ['data[key]=value', 'data[]=value'],
      "Type conflict in 'data[]=value': 'data' is an object, but append [] needs an array\n  data[]\n      ^^",
    ],
    [
      ['foo[bar][baz][5]:=[1,2,3]', 'foo[bar][baz][5][]:=4', 'foo[bar][baz][key][]:=5'],
      "Type conflict in 'foo[bar][baz][key][]:=5': 'foo[bar][baz]' is an array, but key [key] needs an object\n" +
        '  foo[bar][baz][key][]\n               ^^^^^',
    ],
    [
      ['foo[0]:=1', 'foo[]:=2', raw`foo[\2]:=3`],
      "Type conflict in 'foo[\\2]:=3': 'foo' is an array, but key [2] needs an object\n  foo[\\2]\n     ^^^^",
    ],
    [
      [raw`foo[\1]:=2`, 'foo[5]:=3'],
      "Type conflict in 'foo[5]:=3': 'foo' is an object, but index [5] needs an array\n  foo[5]\n     ^^^",
    ],
    [
      ['n:=1', 'n[a]=x'],
      "Type conflict in 'n[a]=x': 'n' is a number, but key [a] needs an object\n  n[a]\n   ^^^",
    ],
    [
      ['b:=true', 'b[]=x'],
      "Type conflict in 'b[]=x': 'b' is a boolean, but append [] needs an array\n  b[]\n   ^^",
    ],
  ])('%j', (args, message) => {
    const error = errorOf(...args)
    expect(error.message).toBe(message)
    expect(error.hint).toContain('Rename the field or drop the conflicting item')
  })

  it.each([
    [['x=y', '[]:=2'], "Type conflict in '[]:=2': the top level is an object, but append [] needs an array"],
    [['[]:=2', 'x=y'], "Type conflict in 'x=y': the top level is an array, but key 'x' needs an object"],
    [
      [':=[1,2,3]', '[]:=4'],
      "Type conflict in '[]:=4': the top level is an object, but append [] needs an array",
    ],
    [
      ['[]:=4', ':=[1,2,3]'],
      "Type conflict in ':=[1,2,3]': the top level is an array, but key '' needs an object",
    ],
  ])('at the top level: %j', (args, message) => {
    expect(errorOf(...args).message.split('\n')[0]).toBe(message)
  })
})

describe('nested JSON: index limits', () => {
  it('refuses a negative index', () => {
    const error = errorOf('foo[-10]:=[1,2]')
    expect(error.message).toBe(
      "Negative index in 'foo[-10]:=[1,2]': [-10] is not supported\n  foo[-10]\n     ^^^^^",
    )
    expect(error.hint).toBe('Use an index from 0 up, or [] to append.')
  })

  it('refuses an index that would build a huge array', () => {
    expect(errorOf('a[10001]=x').message.split('\n')[0]).toBe(
      "Index too large in 'a[10001]=x': [10001] (at most 10000)",
    )
    expect((bodyOf('a[10000]=x') as { a: unknown[] }).a).toHaveLength(10_001)
  })
})
