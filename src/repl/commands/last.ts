import { colourEnabled } from '../../core/context.js'
import { headerValue, isJsonType, isXmlType } from '../../core/exchange.js'
import { formatHeaders } from '../../render/format-headers.js'
import { formatJsonText } from '../../render/format-json-text.js'
import { formatStatusLine } from '../../render/format-status-line.js'
import { formatXml } from '../../render/format-xml.js'
import { forTerminal } from '../../render/safe-text.js'
import type { ReplCommand } from '../command.js'

/** `.last`: the whole last response — status line, headers and body, as received. */
export const lastCommand: ReplCommand = {
  name: '.last',
  synopsis: '.last',
  summary: 'the whole last response: status line, headers, body',
  group: 'values',
  async run(_input, session, ctx) {
    const last = session.last
    if (last === undefined) {
      ctx.stderr.write('(no response yet)\n')
      return 0
    }
    const colour = colourEnabled(ctx.stdout, ctx.env, undefined)
    const { response } = last
    const lines = [
      `${formatStatusLine(response, { colour })}  ${last.label}`,
      formatHeaders(response.headers as Record<string, string | string[]>, { colour }),
      '',
    ]
    const type = headerValue(response.headers, 'content-type')
    const text = response.body.toString('utf8')
    if (text !== '') {
      const json = isJsonType(type) ? formatJsonText(text, { colour }) : undefined
      if (json?.parsed === true) lines.push(json.text)
      else if (isXmlType(type)) lines.push(formatXml(forTerminal(text, ctx.stdout), { colour }))
      else lines.push(forTerminal(text, ctx.stdout))
    }
    ctx.stdout.write(`${lines.join('\n').replace(/\n+$/, '')}\n`)
    return 0
  },
}
