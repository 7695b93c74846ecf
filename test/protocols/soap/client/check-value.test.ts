import { describe, expect, it } from 'vitest'
import { valueProblem } from '../../../../src/protocols/soap/client/check-value.js'
import type { ParameterDescription } from '../../../../src/protocols/soap/client/service-description.js'

function parameter(base: string, extra: Partial<ParameterDescription> = {}): ParameterDescription {
  return { name: 'p', namespace: '', type: base, base, minOccurs: 1, maxOccurs: 1, ...extra }
}

/** The one check behind soap call/envelope, the library and the interactive prompts. */
describe('valueProblem: what the schema allows for a simple value', () => {
  it.each([
    ['int', ['0', '-2147483648', '2147483647', ' +7 '], ['2147483648', '1.0', 'abc', '', '0x10']],
    ['unsignedByte', ['0', '255'], ['256', '-1']],
    ['positiveInteger', ['1', '99999999999999999999'], ['0']],
    ['long', ['9223372036854775807'], ['9223372036854775808']],
    ['decimal', ['2.5', '-.5', '3.', '10'], ['1e3', 'INF', '1,5']],
    ['double', ['1e-3', 'INF', '-INF', 'NaN', '.5E+2'], ['inf', '1e', '']],
    ['boolean', ['true', 'false', '1', '0'], ['yes', 'True', '2']],
    ['string', ['', 'anything'], []],
  ])('%s: accepts %j, refuses %j', (base, valid, invalid) => {
    for (const text of valid) expect(valueProblem(parameter(base), text), text).toBeUndefined()
    for (const text of invalid) expect(valueProblem(parameter(base), text), text).toBeDefined()
  })

  it('says what is expected, with the type the WSDL names', () => {
    expect(valueProblem(parameter('int'), 'x')).toBe('an int: a whole number from -2147483648 to 2147483647')
    expect(valueProblem(parameter('nonNegativeInteger'), '-1')).toBe(
      'a nonNegativeInteger: a whole number, 0 or more',
    )
    expect(valueProblem(parameter('boolean'), 'yes')).toBe('a boolean: true, false, 1 or 0')
    const priority = parameter('string', { type: 'Priority', enumeration: ['low', 'normal', 'high'] })
    expect(valueProblem(priority, 'urgent')).toBe('a Priority: one of low, normal, high')
    expect(valueProblem(priority, 'high')).toBeUndefined()
    expect(valueProblem(priority, ' high')).toBeDefined()
  })
})
