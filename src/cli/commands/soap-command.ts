import { type Command, Option } from 'commander'
import type { Context } from '../../core/context.js'
import { addCommonOptions } from '../../options/common-options.js'
import { returningExitCode } from '../exit-code-action.js'

/** `apictl soap …` options, as commander hands them over. */
export interface SoapCommandOptions {
  endpoint?: string
  /** A URL or file; false with --no-wsdl (the profile's is not used either). */
  wsdl?: string | false
  refreshWsdl?: boolean
  soap?: '1.1' | '1.2'
  ns?: string
  /** --action VALUE (may be ''), or false with --no-action; undefined: the WSDL's, else "". */
  action?: string | false
  soapHeader?: string[]
  mustUnderstand?: boolean
  actor?: string
  wss?: string
  encodingStyle?: string
  method?: 'POST' | 'M-POST'
}

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
  addTargetOptions(call)
  addEnvelopeOptions(call)
  addHttpOptions(call)
  addCommonOptions(call).action(
    returningExitCode(
      async (operation: string | undefined, parameters: string[], options: Record<string, unknown>) => {
        const { runSoapCall } = await import('./soap.js')
        return await runSoapCall(operation, parameters, options, ctx)
      },
    ),
  )

  const ops = soap
    .command('ops')
    .description('list the operations with their input and output elements and parameters (-o json)')
  addTargetOptions(ops)
  ops.addOption(versionOption("only the operations of this SOAP version's binding, with their SOAPActions"))
  addCommonOptions(ops)
    .allowExcessArguments(false)
    .action(
      returningExitCode(async (options: Record<string, unknown>) => {
        const { runSoapOps } = await import('./soap.js')
        return await runSoapOps(options, ctx)
      }),
    )

  const envelope = soap
    .command('envelope')
    .description('print the envelope a call would send, and send nothing')
    .argument('<operation>', 'the operation')
    .argument('[parameters...]', 'PARAM=VALUE; a.b=VALUE nests an element; a repeated name repeats it')
  addTargetOptions(envelope)
  addEnvelopeOptions(envelope)
  addCommonOptions(envelope).action(
    returningExitCode(async (operation: string, parameters: string[], options: Record<string, unknown>) => {
      const { runSoapEnvelope } = await import('./soap.js')
      return await runSoapEnvelope(operation, parameters, options, ctx)
    }),
  )

  const send = soap
    .command('send')
    .description('send a ready envelope from a file or stdin (SOAP version from its namespace)')
    .argument('<file>', 'the envelope, e.g. request.xml; - reads it from stdin')
  addTargetOptions(send)
  addHttpOptions(send)
  addCommonOptions(send)
    .allowExcessArguments(false)
    .action(
      returningExitCode(async (file: string, options: Record<string, unknown>) => {
        const { runSoapSend } = await import('./soap.js')
        return await runSoapSend(file, options, ctx)
      }),
    )
}

function addTargetOptions(command: Command): Command {
  return command
    .option(
      '-e, --endpoint <url>',
      "the SOAP endpoint (default, in order: the address in the --wsdl given, the profile's soap URL, the address in the profile's WSDL)",
    )
    .option('--wsdl <url-or-file>', "the WSDL (default: the profile's); cached per URL")
    .option('--no-wsdl', "use no WSDL, not even the profile's (then --ns names the namespace)")
    .option('--refresh-wsdl', 'read the WSDL again instead of using the cached copy')
}

function addEnvelopeOptions(command: Command): Command {
  return command
    .addOption(versionOption("SOAP version (default 1.1, or the WSDL's only one)"))
    .option('--ns <uri>', "the operation element's namespace (default: the WSDL's)")
    .option('--soap-header <entry>', "a Header entry '{NAMESPACE}Name=value' (repeatable)", collect)
    .option('--must-understand', 'mark the --soap-header entries mustUnderstand')
    .option('--actor <uri>', 'address the --soap-header entries to this actor (SOAP 1.2: role)')
    .option('--wss <user:pass>', 'add a WS-Security UsernameToken (PasswordText, mustUnderstand)')
    .option('--encoding-style <uri>', 'set encodingStyle on the Body (SOAP 1.2: on its element)')
}

function versionOption(description: string): Option {
  return new Option('--soap <version>', description).choices(['1.1', '1.2'])
}

function addHttpOptions(command: Command): Command {
  return command
    .option(
      '--action <soapaction>',
      'the SOAPAction (default: the WSDL\'s, else ""); --action "" sends an empty one',
    )
    .option('--no-action', 'send no SOAPAction at all')
    .addOption(
      new Option('--method <method>', 'POST, or M-POST (HTTP Extension Framework)').choices([
        'POST',
        'M-POST',
      ]),
    )
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}
