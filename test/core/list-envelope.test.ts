import { describe, expect, it } from 'vitest'
import { findList } from '../../src/core/list-envelope.js'

const rows = [{ id: 1 }, { id: 2 }]

describe('findList', () => {
  it.each([
    ['a bare array', rows, []],
    ['json-server v1', { first: 1, prev: null, next: 2, last: 5, pages: 5, items: 46, data: rows }, ['data']],
    ['{data, next}', { data: rows, next: '/v1/x?page=2' }, ['data']],
    ['{items, nextPageToken}', { items: rows, nextPageToken: 'abc' }, ['items']],
    [
      '{count, next, previous, results}',
      { count: 2, next: null, previous: null, results: rows },
      ['results'],
    ],
    ['Stripe', { object: 'list', data: rows, has_more: false, url: '/v1/charges' }, ['data']],
    ['OData', { '@odata.context': 'x', '@odata.nextLink': 'y', value: rows }, ['value']],
    ['GitHub search', { total_count: 2, incomplete_results: false, items: rows }, ['items']],
    ['a lone named list', { users: rows }, ['users']],
    ['XML: <items><item/>…</items>', { items: { item: rows } }, ['items', 'item']],
    ['XML with attributes on the wrapper', { items: { '@total': '2', item: rows } }, ['items', 'item']],
  ])('%s', (_, value, path) => {
    const found = findList(value)
    expect(found?.path).toEqual(path)
    expect(found?.list).toEqual(rows)
  })

  it('an XML wrapper holding one child named after it is a list of one', () => {
    expect(findList({ items: { item: { id: 1 } } })?.list).toEqual([{ id: 1 }])
  })

  it.each([
    ['an order with its line items', { id: 7, customer: 'Ann', items: rows, total: 30 }],
    ['a resource with a tag list', { id: 1, name: 'Pen', tags: ['a', 'b'] }],
    ['a single XML element', { item: { id: '1', name: 'Pen' } }],
    ['a scalar', 42],
    ['null', null],
  ])('not a list: %s', (_, value) => {
    expect(findList(value)).toBeUndefined()
  })
})
