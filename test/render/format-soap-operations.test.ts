import { describe, expect, it } from 'vitest'
import { formatSoapOperations, type ServiceView } from '../../src/render/format-soap-operations.js'

const view: ServiceView = {
  heading: ['ItemService  urn:apictl:items'],
  operations: [
    {
      name: 'UpdateItem',
      input:
        'UpdateItem(id: string, name?: string, description?: string, price?: decimal, quantity?: int, tags?: string[])',
      output: 'UpdateItemResponse(item: Item)',
    },
    { name: 'GetItem', input: 'GetItem(id: string)', output: 'GetItemResponse(item: Item)' },
  ],
}

describe('soap ops: the operations as aligned entries', () => {
  it('with no width (piped), each signature stays on one line, for grep', () => {
    const text = formatSoapOperations(view, { colour: false })
    expect(text).toContain(`  UpdateItem  in   ${view.operations[0]!.input}`)
  })

  it('on a terminal, a signature wider than the line continues after a comma, under its first parameter', () => {
    const text = formatSoapOperations(view, { colour: false, columns: 80 })
    const lines = text.split('\n')
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80)
    const start = lines.findIndex((line) => line.startsWith('  UpdateItem  in   UpdateItem(id: string,'))
    expect(start).toBeGreaterThan(0)
    const under = '  UpdateItem  in   UpdateItem('.length
    expect(lines[start + 1]).toMatch(new RegExp(`^ {${under}}\\S`))
    // Nothing lost, nothing split inside a parameter.
    const joined = lines
      .slice(
        start,
        lines.findIndex((line) => line.includes('out  UpdateItemResponse')),
      )
      .map((line) => line.trim())
      .join(' ')
    expect(joined).toBe(`UpdateItem  in   ${view.operations[0]!.input}`)
    expect(text).toContain('  GetItem     in   GetItem(id: string)\n')
  })
})
