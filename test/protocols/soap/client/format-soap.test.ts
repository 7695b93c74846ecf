import { describe, expect, it } from 'vitest'
import { formatSoapFault } from '../../../../src/render/format-soap-fault.js'
import { formatSoapTable } from '../../../../src/render/format-soap-table.js'
import { formatSoapValues } from '../../../../src/render/format-soap-values.js'

describe('the SOAP formatters', () => {
  it('values: aligned scalars, repeated values under each other, lists of records numbered, null, [] and "" shown', () => {
    const values = {
      items: {
        item: [
          { id: 1, name: 'Pen' },
          { id: 2, name: 'Ink\nblue' },
        ],
      },
      total: 2,
      note: null,
      tags: [],
      code: '',
      flags: [true, false],
      escape: '\u001b[31mred',
    }
    expect(formatSoapValues('ListResponse', values, { colour: false })).toBe(
      [
        'ListResponse',
        '  items',
        '    item #1',
        '      id    1',
        '      name  Pen',
        '    item #2',
        '      id    2',
        '      name  Ink',
        '            blue',
        '  total   2',
        '  note    null',
        '  tags    (none)',
        '  code    ""',
        '  flags   true',
        '          false',
        '  escape  \\u001b[31mred',
      ].join('\n'),
    )
    expect(formatSoapValues('PingResponse', { '#text': 'pong' }, { colour: false })).toBe(
      'PingResponse  pong',
    )
  })

  it('a SOAP 1.2 fault: code › subcodes, then role, node and detail', () => {
    const text = formatSoapFault(
      {
        code: 'Receiver',
        subcodes: ['{urn:x}Timeout', 'Upstream'],
        string: 'the backend did not answer',
        actor: 'urn:role:gateway',
        node: 'urn:node:7',
        detail: 'waited 30 s',
        version: '1.2',
      },
      { colour: false },
    )
    expect(text).toBe(
      [
        'SOAP fault (Receiver › Timeout › Upstream): the backend did not answer',
        '  role:    urn:role:gateway',
        '  node:    urn:node:7',
        '  detail:  waited 30 s',
      ].join('\n'),
    )
  })

  it('-o table: a single record as dotted key/value rows', () => {
    const table = formatSoapTable({ item: { id: '1', tags: ['a', 'b'] } }, { colour: false, columns: 80 })
    expect(table.split('\n')).toEqual([
      '┌───────────┬──────┐',
      '│ item.id   │ 1    │',
      '│ item.tags │ a, b │',
      '└───────────┴──────┘',
    ])
  })
})
