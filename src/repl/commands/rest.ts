import type { ReplCommand } from '../command.js'
import { completeRestLine } from '../complete/rest-completion.js'
import { REST_LINE_OPTIONS } from '../lines/line-options.js'

/** `get /v1/items page==2`: one command for every method, as `apictl rest METHOD …` takes it. */
export const restCommand: ReplCommand = {
  name: 'get',
  aliases: ['post', 'put', 'patch', 'delete', 'head', 'options'],
  synopsis: 'METHOD PATH [ITEM ...]',
  summary: 'REST: get post put patch delete head options; items a==1 query, a=x a:=1 body, H:v header',
  help: `The path is resolved against the profile's REST base (or give a full URL).
Items: name==value query · field=text · field:=json · field=@file · Name:value header · 'Name:' unsets.
Examples:
  get /v1/items page==2 limit==5 -o table
  post /v1/items name=Pen price:=2.5 tags:='["office"]'
  patch /v1/items/{{last.id}} quantity:=3
  delete /v1/items/{{item}}`,
  group: 'rest',
  options: REST_LINE_OPTIONS,
  request: true,
  async run(input, session, ctx) {
    const { runRestLine } = await import('../lines/rest-line.js')
    return runRestLine(input.name, input.words, session, ctx)
  },
  complete: (request, session) => completeRestLine(request, session, request.name),
}
