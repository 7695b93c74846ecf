import type { Command } from 'commander'
import type { Context } from '../../core/context.js'
import {
  addSoapCallOptions,
  addSoapEnvelopeCommandOptions,
  addSoapOpsOptions,
  addSoapSendOptions,
  type SoapOptionValues,
} from '../../options/soap-options.js'
import { returningExitCode } from '../exit-code-action.js'

export function registerSoapCommand(program: Command, ctx: Context): void {
  const soap = program
    .command('soap')
    .description('call a SOAP 1.1/1.2 service: apictl soap call OPERATION [PARAM=VALUE ...]')
    .addHelpText(
      'after',
      `
Examples:
  $ apictl soap ops                                   operations of the profile's WSDL
  $ apictl soap call GetItem id=1                     against the built-in server
  $ apictl soap call CreateItem name=Pen price=2.5 tags=office tags=pens --wss demo:demo
  $ apictl soap call GetItem id=1 --soap 1.2 -o json
  $ apictl soap call Add a=1 b=2 --wsdl ./calc.wsdl
  $ apictl soap envelope GetItem id=1                 print the envelope only
  $ apictl soap send request.xml                      send a ready envelope`,
    )

  const call = soap
    .command('call')
    .description('build an envelope, send it, and show the response or the fault')
    .argument('[operation]', 'the operation; without it (on a terminal) pick one and fill in its parameters')
    .argument('[parameters...]', 'PARAM=VALUE; a.b=VALUE nests an element; a repeated name repeats it')
  addSoapCallOptions(call).action(
    returningExitCode(
      async (operation: string | undefined, parameters: string[], options: SoapOptionValues) => {
        const { runSoapCall } = await import('./soap.js')
        return await runSoapCall(operation, parameters, options, ctx)
      },
    ),
  )

  const ops = soap
    .command('ops')
    .description('list the operations with their input and output elements and parameters (-o json)')
  addSoapOpsOptions(ops)
    .allowExcessArguments(false)
    .action(
      returningExitCode(async (options: SoapOptionValues) => {
        const { runSoapOps } = await import('./soap.js')
        return await runSoapOps(options, ctx)
      }),
    )

  const envelope = soap
    .command('envelope')
    .description('print the envelope a call would send, and send nothing')
    .argument('<operation>', 'the operation')
    .argument('[parameters...]', 'PARAM=VALUE; a.b=VALUE nests an element; a repeated name repeats it')
  addSoapEnvelopeCommandOptions(envelope).action(
    returningExitCode(async (operation: string, parameters: string[], options: SoapOptionValues) => {
      const { runSoapEnvelope } = await import('./soap.js')
      return await runSoapEnvelope(operation, parameters, options, ctx)
    }),
  )

  const send = soap
    .command('send')
    .description('send a ready envelope from a file or stdin (SOAP version from its namespace)')
    .argument('<file>', 'the envelope, e.g. request.xml; - reads it from stdin')
  addSoapSendOptions(send)
    .allowExcessArguments(false)
    .action(
      returningExitCode(async (file: string, options: SoapOptionValues) => {
        const { runSoapSend } = await import('./soap.js')
        return await runSoapSend(file, options, ctx)
      }),
    )
}
