import { escapeControl } from './safe-text.js'
import { displayWidth } from './text-width.js'
import { createTheme } from './theme.js'

/** One operation as listed: its name and its messages written out (`GetItem(id: string)`). */
export interface OperationView {
  name: string
  input: string
  output?: string | undefined
  /** The header entries the binding declares for the input (`RequestVersion?: RequestServerVersion`), when any. */
  header?: string | undefined
  /** Why the operation cannot be called (a definition the WSDL lacks), instead of its messages. */
  problem?: string | undefined
  /** e.g. `1.1 only` when the operation is not in every binding. */
  note?: string | undefined
  /** The SOAPAction, shown on its own line when given (`soap ops --soap 1.2`). */
  action?: string | undefined
}

export interface ServiceView {
  /** Lines about the service (name, namespace, endpoints). */
  heading: string[]
  operations: OperationView[]
}

/**
 * `apictl soap ops`: the service, then one aligned entry per operation with
 * its input and output elements and their parameters. No trailing newline.
 * With `columns` (a terminal's width), a signature wider than the line
 * continues after a comma, under its first parameter.
 */
export function formatSoapOperations(
  view: ServiceView,
  options: { colour: boolean; columns?: number | undefined },
): string {
  const theme = createTheme(options.colour)
  const clean = (text: string) => escapeControl(text, { newlines: false })
  const lines = view.heading.map((line, index) =>
    index === 0 ? theme.bold(clean(line)) : theme.dim(clean(line)),
  )
  if (view.operations.length === 0) return [...lines, '', theme.dim('(no SOAP operations)')].join('\n')
  const width = Math.max(...view.operations.map((operation) => displayWidth(clean(operation.name))))
  const labelWidth = view.operations.some(
    (operation) => operation.action !== undefined || operation.header !== undefined,
  )
    ? 6
    : 3
  const label = (text: string) => theme.dim(text.padEnd(labelWidth))
  const signature = (text: string) =>
    fitSignature(clean(text), 2 + width + 2 + labelWidth + 2, options.columns)
  lines.push('')
  for (const operation of view.operations) {
    const name = clean(operation.name)
    const pad = ' '.repeat(width - displayWidth(name))
    const note = operation.note === undefined ? '' : `  ${theme.dim(`(${clean(operation.note)})`)}`
    const indent = `  ${' '.repeat(width)}  `
    if (operation.problem !== undefined) {
      lines.push(`  ${theme.key(name)}${pad}  ${theme.dim(`cannot be called: ${clean(operation.problem)}`)}`)
      continue
    }
    lines.push(`  ${theme.key(name)}${pad}  ${label('in')}  ${signature(operation.input)}${note}`)
    if (operation.header !== undefined)
      lines.push(`${indent}${label('header')}  ${signature(operation.header)}`)
    if (operation.output !== undefined) lines.push(`${indent}${label('out')}  ${signature(operation.output)}`)
    if (operation.action !== undefined) lines.push(`${indent}${label('action')}  ${clean(operation.action)}`)
  }
  return lines.join('\n')
}

/** `Op(a: int, b: string)` broken after commas so that no line passes `columns`, continued under `a`. */
function fitSignature(text: string, start: number, columns: number | undefined): string {
  if (columns === undefined || start + displayWidth(text) <= columns) return text
  const open = text.indexOf('(')
  const indent = ' '.repeat(start + open + 1)
  const lines: string[] = []
  let line = ''
  for (const part of text.split(/(?<=,) /)) {
    const lineStart = lines.length === 0 ? start : indent.length
    if (line !== '' && lineStart + displayWidth(`${line} ${part}`) > columns) {
      lines.push(line)
      line = part
    } else line = line === '' ? part : `${line} ${part}`
  }
  return [...lines, line].join(`\n${indent}`)
}
