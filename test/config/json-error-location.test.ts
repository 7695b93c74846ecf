import { describe, expect, it } from 'vitest'
import { locateJsonError } from '../../src/config/json-error-location.js'

describe('locateJsonError', () => {
  it.each([
    ['{"a":}', 1, 6],
    ['{"a": tru}', 1, 7],
    ['{\n  "a": 1,\n}', 3, 1],
    ['{"a": [1,]}', 1, 10],
    ['{"a":1}}', 1, 8],
    ['{"a":1', 1, 7],
    ['// c\n{}', 1, 1],
    ['{"a": "x\ny"}', 1, 9],
  ])('finds the error in %j at line %i, column %i', (text, line, column) => {
    expect(() => JSON.parse(text)).toThrow()
    expect(locateJsonError(text)).toMatchObject({ line, column })
  })

  it.each(['{}', ' [1, -2.5e3, "\\u00e9\\n", true, false, null, {"a": {}}] ', '"x"', '0'])(
    'accepts valid JSON %j',
    (text) => {
      expect(() => JSON.parse(text)).not.toThrow()
      expect(locateJsonError(text)).toBeUndefined()
    },
  )
})
