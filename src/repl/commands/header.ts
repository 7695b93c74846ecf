import { parseHeader } from '../../config/profile-options.js'
import { UsageError } from '../../core/errors.js'
import { formatHeaders } from '../../render/format-headers.js'
import { redactHeaders } from '../../render/redact.js'
import type { ReplCommand } from '../command.js'

/** `.header X-Trace: 1`: a header sent with every request from now on; `.header` lists them. */
export const headerCommand: ReplCommand = {
  name: '.header',
  synopsis: '.header Name: value',
  summary: 'send a header with every request (.header alone lists them)',
  group: 'session',
  input: 'text',
  async run(input, session, ctx) {
    const text = input.text.trim()
    if (text === '') {
      if (session.headers.length === 0) {
        ctx.stderr.write('(no session headers; add one with .header Name: value)\n')
        return 0
      }
      const shown: Record<string, string> = {}
      for (const [name, value] of session.headers) shown[name] = value === '' ? '(unset)' : value
      ctx.stdout.write(`${formatHeaders(redactHeaders(shown), { colour: false })}\n`)
      return 0
    }
    if (!text.includes(':')) {
      throw new UsageError(`'${text}' is not a header.`, { hint: 'Write it as .header Name: value' })
    }
    const { name, value } = parseHeader(text, '.header X-Trace: 1')
    removeHeader(session.headers, name)
    session.headers.push([name, value])
    const shown = redactHeaders({ [name]: value })[name]
    ctx.stderr.write(
      value === ''
        ? `header ${name}: not sent from now on\n`
        : `header ${name}: ${shown} (sent with every request)\n`,
    )
    return 0
  },
}

/** Drops a session header by name (any case); true when there was one. */
export function removeHeader(headers: Array<[string, string]>, name: string): boolean {
  const before = headers.length
  const kept = headers.filter(([each]) => each.toLowerCase() !== name.toLowerCase())
  headers.splice(0, headers.length, ...kept)
  return kept.length !== before
}
