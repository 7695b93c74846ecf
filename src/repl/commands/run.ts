import { didYouMean } from '../../config/did-you-mean.js'
import { UsageError } from '../../core/errors.js'
import type { ReplCommand } from '../command.js'
import { oneLine } from '../store/history-file.js'
import { SavedRequests } from '../store/saved-requests.js'
import { redactLine } from '../text/redact-line.js'

/** `.run NAME`: sends a saved request again, its `{{…}}` filled from this session; `.run` lists them. */
export const runCommand: ReplCommand = {
  name: '.run',
  synopsis: '.run NAME | .run FILE.http',
  summary: 'send a saved request again (.run alone lists them), or run a .http file as apictl run does',
  group: 'saved',
  literal: true,
  validate(input) {
    if (input.words.length > 1) throw new UsageError('.run takes one NAME.')
  },
  async run(input, session, ctx) {
    const [first] = input.words
    if (first?.endsWith('.http')) {
      const { runFileInSession } = await import('../lines/run-file.js')
      return runFileInSession(first, session, ctx)
    }
    const saved = SavedRequests.at(ctx.env)
    const requests = await saved.list()
    const [name] = input.words
    if (name === undefined) {
      const names = Object.keys(requests).sort()
      if (names.length === 0) ctx.stderr.write('(no saved requests; keep the last one with .save NAME)\n')
      const width = Math.max(0, ...names.map((each) => each.length))
      for (const each of names)
        ctx.stdout.write(`${each.padEnd(width)}  ${oneLine(redactLine(requests[each]!.line))}\n`)
      return 0
    }
    const request = await saved.get(name)
    if (request === undefined) {
      throw new UsageError(`No saved request '${name}'.${didYouMean(name, Object.keys(requests))}`, {
        hint: '.run alone lists them; .save NAME keeps the last request.',
      })
    }
    if (session.options.terminal) ctx.stderr.write(`${oneLine(redactLine(request.line))}\n`)
    return input.commands.run(request.line, session, ctx)
  },
  complete: async (request, session) =>
    request.words.length === 0 ? Object.keys(await SavedRequests.at(session.ctx.env).list()) : [],
}
