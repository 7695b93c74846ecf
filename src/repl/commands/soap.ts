import type { ReplCommand } from '../command.js'
import { completeSoapLine } from '../complete/soap-completion.js'
import { SOAP_LINE_OPTIONS } from '../lines/line-options.js'

/** `soap GetItem id=1`: an operation of the profile's WSDL, as `apictl soap call` takes it. */
export const soapCommand: ReplCommand = {
  name: 'soap',
  synopsis: 'soap OPERATION [PARAM=VALUE ...]',
  summary: 'call an operation of the WSDL (on a terminal, asks for missing parameters)',
  help: `a.b=VALUE nests an element; a repeated name repeats it. Writes need a WS-Security
UsernameToken: .auth wss demo:demo (or --wss USER:PASS on the line).
Examples:
  soap GetItem id=1
  soap ListItems page=2 limit=5 -o table
  soap CreateItem name=Pen price=2.5 tags=office tags=pens --wss demo:demo
  soap GetItem id={{last.item.id}} --soap 1.2`,
  group: 'soap',
  options: SOAP_LINE_OPTIONS,
  request: true,
  async run(input, session, ctx) {
    const [{ runSoapLine }, { inReplTerms }] = await Promise.all([
      import('../lines/soap-call.js'),
      import('../lines/repl-terms.js'),
    ])
    return runSoapLine(input.words, session, ctx).catch((error: unknown) => {
      throw inReplTerms(error)
    })
  },
  complete: (request, session) => completeSoapLine(request, session),
}
