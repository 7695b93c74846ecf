import { valueLines } from './format-soap-values.js'
import { escapeControl } from './safe-text.js'
import { createTheme } from './theme.js'

/** A SOAP fault as plain data, either version (what the client's fault summary holds). */
export interface FaultView {
  /** `Client`, `Sender`, … or `{namespace}local` for a code of the service's own. */
  code: string
  subcodes?: readonly string[] | undefined
  string: string
  actor: string | null
  node?: string | undefined
  detail: unknown
  version: '1.1' | '1.2'
}

/** `{urn:x}NOT_FOUND` → `NOT_FOUND`: a person reads the local name. */
function localName(code: string): string {
  return code.startsWith('{') ? code.slice(code.indexOf('}') + 1) : code
}

function plain(text: string): string {
  return escapeControl(text, { newlines: false })
}

/**
 * One readable block for a fault, a sentence first:
 *
 *     SOAP fault (Client): item "99" does not exist
 *       actor:   http://example.com/items
 *       detail:  ItemFault
 *                  code     NOT_FOUND
 *
 * SOAP 1.2 subcodes follow the code (`Sender › NOT_FOUND`) and its Role is
 * labelled `role`. No trailing newline.
 */
export function formatSoapFault(fault: FaultView, options: { colour: boolean }): string {
  const theme = createTheme(options.colour)
  const codes = [fault.code, ...(fault.subcodes ?? [])].map((code) => plain(localName(code))).join(' › ')
  const reason =
    fault.string.trim() === '' ? theme.dim('(the fault gives no reason)') : plain(fault.string.trim())
  const lines = [`${theme.error('SOAP fault')} (${theme.bold(codes)}): ${reason}`]
  const label = (name: string) => `  ${theme.dim(`${name}:`.padEnd(8))} `
  if (fault.actor !== null)
    lines.push(`${label(fault.version === '1.2' ? 'role' : 'actor')}${plain(fault.actor)}`)
  if (fault.node !== undefined) lines.push(`${label('node')}${plain(fault.node)}`)
  if (fault.detail !== null && fault.detail !== undefined) {
    const column = ' '.repeat(11)
    const detail =
      typeof fault.detail === 'object'
        ? valueLines(fault.detail, 0, theme)
        : escapeControl(String(fault.detail)).split('\n')
    lines.push(`${label('detail')}${detail[0]}`, ...detail.slice(1).map((line) => `${column}${line}`))
  }
  return lines.join('\n')
}
