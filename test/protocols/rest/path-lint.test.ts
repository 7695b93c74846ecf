import { describe, expect, it } from 'vitest'
import { lintPath } from '../../../src/protocols/rest/path-lint.js'

const rules = (path: string) => lintPath(path).warnings.map((warning) => warning.rule)
const suggestion = (path: string) => lintPath(path).suggestion

describe('lintPath: clean paths', () => {
  it.each([
    '/v1/items',
    '/v1/items/42/reviews',
    '/v2/order-items/abc123',
    '/v1/items/42/reviews/7',
    '/v1/items/3f2b9c1e-1111-4a4a-9999-abcdefabcdef',
    '/v1/items/{id}/reviews',
    '/v1/items/:id',
    '/v1/items/ord_8f3k2',
    '/v1/users/john.doe',
    '/v1/articles/my-first-post',
    '/v1/people',
    '/v1/users/me',
    '/v1/health',
    '/v1/x',
    '/v1/',
    '/v1',
    '/',
    '',
  ])('%s has no warnings', (path) => {
    expect(lintPath(path)).toEqual({ warnings: [] })
  })

  it('ignores the query string and fragment', () => {
    expect(lintPath('/v1/items?sort_by=Name&get=1#Top_Part').warnings).toEqual([])
  })

  it('reads the path of a full URL', () => {
    expect(lintPath('http://127.0.0.1:8080/v1/items?page=2').warnings).toEqual([])
    expect(rules('http://127.0.0.1:8080/v1/order_items')).toEqual(['hyphens'])
  })
})

describe('lintPath: one rule at a time', () => {
  it('version-first: no version segment', () => {
    expect(lintPath('/items')).toEqual({
      warnings: [{ rule: 'version-first', message: 'no version segment; start the path with /vN' }],
      suggestion: '/v1/items',
    })
  })

  it('version-first: version segment not first', () => {
    expect(lintPath('/api/v2/items')).toEqual({
      warnings: [{ rule: 'version-first', segment: 'v2', message: "'v2' should be the first segment" }],
      suggestion: '/v2/api/items',
    })
  })

  it.each([
    ['/V1/items', 'V1', '/v1/items'],
    ['/v1.2/items', 'v1.2', '/v1/items'],
    ['/version3/items', 'version3', '/v3/items'],
  ])('version-first: %s is not in /vN form', (path, segment, fixed) => {
    expect(lintPath(path)).toEqual({
      warnings: [
        {
          rule: 'version-first',
          segment,
          message: `'${segment}' is not in /vN form (lower-case v, major version only)`,
        },
      ],
      suggestion: fixed,
    })
  })

  it('version-first: a second version segment is named, with no made-up rewrite', () => {
    expect(lintPath('/v1/v1.2/items')).toEqual({
      warnings: [{ rule: 'version-first', segment: 'v1.2', message: "'v1.2' is a second version segment" }],
    })
  })

  it('plural-nouns', () => {
    expect(lintPath('/v1/item')).toEqual({
      warnings: [
        {
          rule: 'plural-nouns',
          segment: 'item',
          message: "'item' is singular; name collections in the plural",
        },
      ],
      suggestion: '/v1/items',
    })
  })

  it.each([
    ['/v1/category', '/v1/categories'],
    ['/v1/box', '/v1/boxes'],
    ['/v1/order-item', '/v1/order-items'],
    ['/v1/items/42/review', '/v1/items/42/reviews'],
  ])('plural-nouns suggests %s → %s', (path, fixed) => {
    expect(rules(path)).toEqual(['plural-nouns'])
    expect(suggestion(path)).toBe(fixed)
  })

  it('lowercase', () => {
    expect(lintPath('/v1/orderItems')).toEqual({
      warnings: [
        { rule: 'lowercase', segment: 'orderItems', message: "'orderItems' has upper-case letters" },
      ],
      suggestion: '/v1/order-items',
    })
    expect(rules('/v1/Items')).toEqual(['lowercase'])
  })

  it('hyphens', () => {
    expect(lintPath('/v1/order_items')).toEqual({
      warnings: [
        { rule: 'hyphens', segment: 'order_items', message: "'order_items' has underscores; use hyphens" },
      ],
      suggestion: '/v1/order-items',
    })
  })

  it('no-verbs: a verb prefix', () => {
    expect(lintPath('/v1/get-items')).toEqual({
      warnings: [
        {
          rule: 'no-verbs',
          segment: 'get-items',
          message: "'get-items' is an action; let the method (GET) say it",
        },
      ],
      suggestion: 'GET /v1/items',
    })
    expect(rules('/v1/createOrder')).toEqual(['lowercase', 'no-verbs', 'plural-nouns'])
    expect(suggestion('/v1/createOrder')).toBe('POST /v1/orders')
  })

  it('no-verbs: a verb alone', () => {
    expect(rules('/v1/items/42/delete')).toEqual(['no-verbs'])
    expect(suggestion('/v1/items/42/delete')).toBe('DELETE /v1/items/42')
  })

  it.each(['update', 'list', 'fetch', 'remove', 'add', 'set'])('no-verbs knows %s', (verb) => {
    expect(rules(`/v1/${verb}-items`)).toEqual(['no-verbs'])
  })

  it('no-verbs does not flag nouns that start like verbs', () => {
    for (const path of [
      '/v1/settings',
      '/v1/addresses',
      '/v1/updates',
      '/v1/lists',
      '/v1/items/1/settings',
    ]) {
      expect(lintPath(path).warnings, path).toEqual([])
    }
  })

  it('no-extension', () => {
    expect(lintPath('/v1/items.json')).toEqual({
      warnings: [
        {
          rule: 'no-extension',
          segment: 'items.json',
          message: "'items.json' has a file extension; ask with --accept instead",
        },
      ],
      suggestion: '/v1/items',
    })
    expect(rules('/v1/items/42.xml')).toEqual(['no-extension'])
    expect(rules('/v1/reports.php')).toEqual(['no-extension'])
    expect(rules('/v1/reports.CSV')).toEqual(['no-extension'])
  })

  it('gives one fixed path for several problems', () => {
    const { warnings, suggestion: fixed } = lintPath('/api/V1/Get_Order_Item.json')
    expect(warnings.map((warning) => warning.rule)).toEqual([
      'version-first',
      'no-extension',
      'lowercase',
      'hyphens',
      'no-verbs',
      'plural-nouns',
    ])
    expect(fixed).toBe('GET /v1/api/order-items')
  })
})

describe('lintPath: words where an id is expected are checked too', () => {
  it.each([
    ['/v1/users/list', ['no-verbs'], 'GET /v1/users'],
    ['/v1/items/createItem', ['lowercase', 'no-verbs'], 'POST /v1/items'],
    ['/v1/items/get_all', ['hyphens', 'no-verbs'], 'GET /v1/items'],
    ['/v1/items/Delete', ['lowercase', 'no-verbs'], 'DELETE /v1/items'],
    ['/v1/items/1/reviews/list', ['no-verbs'], 'GET /v1/items/1/reviews'],
    ['/v1/items/1/update_item', ['hyphens', 'no-verbs'], 'PUT or PATCH /v1/items/1'],
    ['/v1/items/Some_Name', ['lowercase', 'hyphens'], '/v1/items/some-name'],
  ])('%s → %j, suggested %s', (path, expected, fixed) => {
    expect(rules(path)).toEqual(expected)
    expect(suggestion(path)).toBe(fixed)
  })

  it('a verb on something the path does not name: what is wrong, no made-up rewrite', () => {
    expect(lintPath('/v1/items/addReview')).toEqual({
      warnings: [
        { rule: 'lowercase', segment: 'addReview', message: "'addReview' has upper-case letters" },
        {
          rule: 'no-verbs',
          segment: 'addReview',
          message: "'addReview' is an action; let the method (POST) say it",
        },
      ],
    })
  })

  it('opaque ids are not judged, whatever their case', () => {
    expect(lintPath('/v1/items/DEADBEEF42/reviews').warnings).toEqual([])
    expect(lintPath('/v1/items/AbC123xYz').warnings).toEqual([])
  })

  it('does not pluralise what it cannot judge', () => {
    expect(suggestion('/v2/x')).toBeUndefined()
    expect(lintPath('/v1/s3').warnings).toEqual([])
  })
})
