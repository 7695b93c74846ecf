import { UsageError } from '../../core/errors.js'
import type { ReplCommand } from '../command.js'

/** `.ops`: the SOAP operations of the profile's WSDL with their parameters. */
export const opsCommand: ReplCommand = {
  name: '.ops',
  synopsis: '.ops',
  summary: 'the operations of the WSDL with their parameters',
  group: 'soap',
  validate(input) {
    if (input.words.length > 0) throw new UsageError('.ops takes no arguments.')
  },
  async run(_input, session, ctx) {
    const { printSoapOperations } = await import('../lines/soap-operations.js')
    return printSoapOperations(session, ctx)
  },
}
