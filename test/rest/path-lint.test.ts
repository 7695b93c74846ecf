import { describe, expect, it } from 'vitest'
import { lintPath } from '../../src/protocols/rest/path-lint.js'

const rules = (path: string) => lintPath(path).map((warning) => warning.rule)

describe('lintPath: clean paths', () => {
  it.each([
    '/v1/items',
    '/v1/items/42/reviews',
    '/v2/order-items/abc123',
    '/v1/items/42/reviews/7',
    '/v1/items/3f2b9c1e-1111-4a4a-9999-abcdefabcdef',
    '/v1/items/{id}/reviews',
    '/v1/items/:id',
    '/v1/people',
    '/v1/users/me',
    '/v1/health',
    '/v1/',
    '/v1',
    '/',
    '',
  ])('%s has no warnings', (path) => {
    expect(lintPath(path)).toEqual([])
  })

  it('ignores the query string and fragment', () => {
    expect(lintPath('/v1/items?sort_by=Name&get=1#Top_Part')).toEqual([])
  })

  it('reads the path of a full URL', () => {
    expect(lintPath('http://127.0.0.1:8080/v1/items?page=2')).toEqual([])
    expect(rules('http://127.0.0.1:8080/v1/order_items')).toEqual(['hyphens'])
  })
})

describe('lintPath: one rule at a time', () => {
  it('version-first: no version segment', () => {
    expect(lintPath('/items')).toEqual([
      {
        rule: 'version-first',
        message: 'no version segment; start the path with /vN: use /v1/items instead of /items',
      },
    ])
  })

  it('version-first: version segment not first', () => {
    expect(lintPath('/api/v2/items')).toEqual([
      {
        rule: 'version-first',
        segment: 'v2',
        message: "the version segment 'v2' should come first: use /v2/api/items instead of /api/v2/items",
      },
    ])
  })

  it.each([
    ['/V1/items', 'V1', '/v1/items'],
    ['/v1.2/items', 'v1.2', '/v1/items'],
    ['/version3/items', 'version3', '/v3/items'],
  ])('version-first: %s is not in /vN form', (path, segment, fixed) => {
    expect(lintPath(path)).toEqual([
      {
        rule: 'version-first',
        segment,
        message: `'${segment}' is not a /vN version segment (lower-case v, major version only): use ${fixed} instead of ${path}`,
      },
    ])
  })

  it('plural-nouns', () => {
    expect(lintPath('/v1/item')).toEqual([
      {
        rule: 'plural-nouns',
        segment: 'item',
        message: "'item' looks singular; name collections in the plural: use /v1/items instead of /v1/item",
      },
    ])
  })

  it.each([
    ['/v1/category', '/v1/categories'],
    ['/v1/box', '/v1/boxes'],
    ['/v1/order-item', '/v1/order-items'],
    ['/v1/items/42/review', '/v1/items/42/reviews'],
  ])('plural-nouns suggests %s → %s', (path, fixed) => {
    const [warning] = lintPath(path)
    expect(warning?.rule).toBe('plural-nouns')
    expect(warning?.message).toContain(`use ${fixed} instead of ${path}`)
  })

  it('lowercase', () => {
    expect(lintPath('/v1/orderItems')).toEqual([
      {
        rule: 'lowercase',
        segment: 'orderItems',
        message: "'orderItems' has upper-case letters: use /v1/order-items instead of /v1/orderItems",
      },
    ])
    expect(rules('/v1/Items')).toEqual(['lowercase'])
  })

  it('hyphens', () => {
    expect(lintPath('/v1/order_items')).toEqual([
      {
        rule: 'hyphens',
        segment: 'order_items',
        message:
          "'order_items' uses underscores; separate words with hyphens: use /v1/order-items instead of /v1/order_items",
      },
    ])
  })

  it('no-verbs: a verb prefix', () => {
    expect(lintPath('/v1/get-items')).toEqual([
      {
        rule: 'no-verbs',
        segment: 'get-items',
        message:
          "'get-items' names an action; let the method say it: use GET /v1/items instead of /v1/get-items",
      },
    ])
    expect(rules('/v1/createOrder')).toEqual(['lowercase', 'no-verbs', 'plural-nouns'])
    expect(lintPath('/v1/createOrder')[1]?.message).toContain(
      'use POST /v1/orders instead of /v1/createOrder',
    )
  })

  it('no-verbs: a verb alone', () => {
    expect(lintPath('/v1/items/42/delete')).toEqual([
      {
        rule: 'no-verbs',
        segment: 'delete',
        message:
          "'delete' names an action; let the method say it: use DELETE /v1/items/42 instead of /v1/items/42/delete",
      },
    ])
  })

  it.each(['update', 'list', 'fetch', 'remove', 'add', 'set'])('no-verbs knows %s', (verb) => {
    expect(rules(`/v1/${verb}-items`)).toEqual(['no-verbs'])
  })

  it('no-verbs does not flag nouns that start like verbs', () => {
    expect(lintPath('/v1/settings')).toEqual([])
    expect(lintPath('/v1/addresses')).toEqual([])
    expect(lintPath('/v1/updates')).toEqual([])
    expect(lintPath('/v1/lists')).toEqual([])
  })

  it('no-extension', () => {
    expect(lintPath('/v1/items.json')).toEqual([
      {
        rule: 'no-extension',
        segment: 'items.json',
        message:
          "'items.json' has a file extension; ask for a format with the Accept header (--accept): use /v1/items instead of /v1/items.json",
      },
    ])
    expect(rules('/v1/items/42.xml')).toEqual(['no-extension'])
    expect(rules('/v1/reports.php')).toEqual(['no-extension'])
    expect(rules('/v1/reports.CSV')).toEqual(['no-extension'])
  })

  it('does not judge ids, whatever they look like', () => {
    expect(lintPath('/v1/items/Some_ID')).toEqual([])
    expect(lintPath('/v1/items/DEADBEEF42/reviews')).toEqual([])
  })

  it('gives one fixed path for several problems', () => {
    const warnings = lintPath('/api/V1/Get_Order_Item.json')
    expect(warnings.map((warning) => warning.rule)).toEqual([
      'version-first',
      'no-extension',
      'lowercase',
      'hyphens',
      'no-verbs',
      'plural-nouns',
    ])
    for (const warning of warnings.filter((each) => each.rule !== 'no-verbs')) {
      expect(warning.message).toContain('use /v1/api/order-items instead of /api/V1/Get_Order_Item.json')
    }
  })
})
