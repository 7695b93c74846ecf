import { findList } from '../core/list-envelope.js'
import { formatTable } from './format-table.js'

export interface TableView {
  colour: boolean
  columns: number
  note(message: string): void
}

/**
 * -o table: a list, or the list inside a paged envelope (`{data: [...], next}`)
 * or an XML list (`<items><item/>…</items>`); else the object, an XML
 * document's root element unwrapped. An envelope's other fields are named on stderr.
 */
export function tableOf(value: unknown, view: TableView, xml: boolean): string {
  const options = { colour: view.colour, columns: view.columns }
  const found = findList(value)
  if (found === undefined) {
    const root = xml && typeof value === 'object' && value !== null ? Object.values(value) : []
    const inner = root.length === 1 ? root[0] : undefined
    const unwrapped = typeof inner === 'object' && inner !== null ? inner : value
    return formatTable(unwrapped, options)
  }
  const others = Object.keys(found.envelope ?? {}).filter((name) => name !== found.path.at(-1))
  if (!xml && others.length > 0) {
    view.note(
      `-o table shows the list under "${found.path.join('.')}"; -o json shows ${others.join(', ')} too.`,
    )
  }
  return formatTable(found.list, options)
}
