import { appendFile } from 'node:fs/promises'
import { localPath } from '../../config/paths.js'
import { UsageError } from '../../core/errors.js'
import { fileProblem } from '../../core/file-problem.js'
import { writeHttpRequest } from '../../runfile/write-http-request.js'
import type { ReplCommand } from '../command.js'
import { SavedRequests } from '../store/saved-requests.js'
import { lineAsHttp } from '../text/line-as-http.js'
import { redactLine } from '../text/redact-line.js'

/** `.save NAME`: keeps the last request (or the line given) under a name, across sessions. */
export const saveCommand: ReplCommand = {
  name: '.save',
  synopsis: '.save NAME | .save FILE.http',
  summary: 'keep the last request (or .save NAME REQUEST) for later sessions; append it to a .http file',
  help: `Examples:
  get /v1/items/{{id}}
  .save item
  .save count gql { itemCount }
  .run item
  .save api.http          appends the last request to api.http (apictl run api.http runs it)`,
  group: 'saved',
  input: 'text',
  literal: true,
  async run(input, session, ctx) {
    const text = input.text.trim()
    const space = text.search(/\s/)
    const name = space < 0 ? text : text.slice(0, space)
    const given = space < 0 ? '' : text.slice(space).trim()
    if (name === '') throw new UsageError('.save needs a NAME.', { hint: 'For example: .save first-item' })
    const line = given === '' ? session.lastRequest : given
    if (line === undefined) {
      throw new UsageError('There is no request to save yet.', {
        hint: 'Send one first, or give it: .save NAME get /v1/items/1',
      })
    }
    if (name.endsWith('.http')) {
      // Credentials masked as the saved line shows them; --user/--token/--wss become {{variables}}.
      const text = writeHttpRequest(lineAsHttp(redactLine(line)))
      const path = localPath(name, ctx)
      try {
        await appendFile(path, text, { mode: 0o600 })
      } catch (error) {
        throw new UsageError(`Cannot write ${path} (${fileProblem(error)}).`)
      }
      ctx.stderr.write(`appended to ${path}: ${text.split('\n').find((each) => !each.startsWith('#'))}\n`)
      return 0
    }
    await SavedRequests.at(ctx.env).save(name, line)
    // The file keeps the line as typed (it is sent again); what is shown has its credentials masked.
    const shown = redactLine(line)
    ctx.stderr.write(`saved ${name}: ${shown.split('\n')[0]}${shown.includes('\n') ? ' …' : ''}\n`)
    return 0
  },
  async complete(request, session) {
    return request.words.length === 0 ? Object.keys(await SavedRequests.at(session.ctx.env).list()) : []
  },
}
