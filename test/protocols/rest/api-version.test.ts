import { describe, expect, it } from 'vitest'
import { UsageError } from '../../../src/core/errors.js'
import {
  hasVersionSegment,
  normalizeApiVersion,
  rewriteApiVersion,
} from '../../../src/protocols/rest/api-version.js'

describe('rewriteApiVersion', () => {
  it.each([
    ['/v1/items', 2, '/v2/items'],
    ['/v1/items', '2', '/v2/items'],
    ['/v1/items', 'v2', '/v2/items'],
    ['/v1/items', 'V3', '/v3/items'],
    ['/v1', 2, '/v2'],
    ['/v1/', 2, '/v2/'],
    ['/v10/items/42', '1', '/v1/items/42'],
    ['/V1/items', 2, '/v2/items'],
    ['v1/items', 2, 'v2/items'],
    ['/v1/items?version=v1#v1', 2, '/v2/items?version=v1#v1'],
    ['/v1/v1/items', 2, '/v2/v1/items'],
    ['http://127.0.0.1:8080/v1/items?page=2', 2, 'http://127.0.0.1:8080/v2/items?page=2'],
    ['https://user:pass@api.example.com/v1', 'v2', 'https://user:pass@api.example.com/v2'],
  ])('%s with %s → %s', (input, version, expected) => {
    expect(rewriteApiVersion(input, version)).toBe(expected)
  })

  it.each([
    '/items',
    '/api/v1/items',
    '/v1items',
    '/v1.2/items',
    '/version1/items',
    'http://v1.example.com/items',
    'http://h/',
    'http://h',
  ])('leaves %s unchanged (no leading version segment)', (input) => {
    expect(rewriteApiVersion(input, 2)).toBe(input)
  })

  it.each(['x', '2.1', '-1', '', 'v', 'vv2', '1e3'])('refuses the version %j', (version) => {
    expect(() => rewriteApiVersion('/v1/items', version)).toThrow(UsageError)
    expect(() => rewriteApiVersion('/v1/items', version)).toThrow(
      `Invalid API version '${version}': expected a number such as 2, or v2.`,
    )
  })

  it('refuses a number that is not a whole version', () => {
    expect(() => normalizeApiVersion(1.5)).toThrow(UsageError)
    expect(() => normalizeApiVersion(-2)).toThrow(UsageError)
  })
})

describe('normalizeApiVersion', () => {
  it.each([
    [2, 'v2'],
    ['2', 'v2'],
    ['v2', 'v2'],
    [' V2 ', 'v2'],
    ['02', 'v2'],
    [0, 'v0'],
  ])('%j → %s', (version, expected) => {
    expect(normalizeApiVersion(version)).toBe(expected)
  })
})

describe('hasVersionSegment', () => {
  it.each([
    ['/v1/items', true],
    ['/v1', true],
    ['v2/items', true],
    ['http://h:1/v3/items?x=1', true],
    ['/items', false],
    ['/api/v1/items', false],
    ['/v1items', false],
    ['http://v1.example.com/items', false],
    ['', false],
  ])('%s → %s', (input, expected) => {
    expect(hasVersionSegment(input)).toBe(expected)
  })
})
