import { UsageError } from '../../core/errors.js'
import type { ReplCommand } from '../command.js'
import { removeHeader } from './header.js'

/** `.unheader X-Trace`: stops sending a session header (or, for one the profile sends, unsets it). */
export const unheaderCommand: ReplCommand = {
  name: '.unheader',
  synopsis: '.unheader NAME',
  summary: "stop sending a header (a session one or the profile's)",
  group: 'session',
  validate(input) {
    if (input.words.length !== 1) throw new UsageError('.unheader takes one header NAME.')
  },
  async run(input, session, ctx) {
    const name = input.words[0]!.replace(/:$/, '')
    const removed = removeHeader(session.headers, name)
    const fromProfile = Object.keys(session.profile().headers ?? {}).some(
      (each) => each.toLowerCase() === name.toLowerCase(),
    )
    if (fromProfile) session.headers.push([name, ''])
    if (fromProfile || removed) ctx.stderr.write(`header ${name}: not sent from now on\n`)
    else ctx.stderr.write(`note: no header ${name} was being sent.\n`)
    return 0
  },
  complete: (request, session) =>
    request.words.length > 0
      ? []
      : [...session.headers.map(([name]) => name), ...Object.keys(session.profile().headers ?? {})],
}
