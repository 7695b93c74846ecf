import { type Command, Option } from 'commander'
import { addCommonOptions, type CommonOptionValues } from './common-options.js'
import { collect } from './option-parsers.js'

/** `apictl soap …` and a REPL `soap` line: their options, as commander hands them over. */
export interface SoapOptionValues extends CommonOptionValues {
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

/** `apictl soap call` and a REPL `soap` line: where, the envelope, the HTTP request, then the common options. */
export function addSoapCallOptions(command: Command): Command {
  return addCommonOptions(addSoapHttpOptions(addSoapEnvelopeOptions(addSoapTargetOptions(command))))
}

/** `apictl soap ops`. */
export function addSoapOpsOptions(command: Command): Command {
  addSoapTargetOptions(command).addOption(
    soapVersionOption("only the operations of this SOAP version's binding, with their SOAPActions"),
  )
  return addCommonOptions(command)
}

/** `apictl soap envelope`. */
export function addSoapEnvelopeCommandOptions(command: Command): Command {
  return addCommonOptions(addSoapEnvelopeOptions(addSoapTargetOptions(command)))
}

/** `apictl soap send`. */
export function addSoapSendOptions(command: Command): Command {
  return addCommonOptions(addSoapHttpOptions(addSoapTargetOptions(command)))
}

function addSoapTargetOptions(command: Command): Command {
  return command
    .option(
      '-e, --endpoint <url>',
      "the SOAP endpoint (default, in order: the address in the --wsdl given, the profile's soap URL, the address in the profile's WSDL)",
    )
    .option('--wsdl <url-or-file>', "the WSDL (default: the profile's); cached per URL")
    .option('--no-wsdl', "use no WSDL, not even the profile's (then --ns names the namespace)")
    .option('--refresh-wsdl', 'read the WSDL again instead of using the cached copy')
}

function addSoapEnvelopeOptions(command: Command): Command {
  return command
    .addOption(soapVersionOption("SOAP version (default 1.1, or the WSDL's only one)"))
    .option('--ns <uri>', "the operation element's namespace (default: the WSDL's)")
    .option('--soap-header <entry>', "a Header entry '{NAMESPACE}Name=value' (repeatable)", collect)
    .option('--must-understand', 'mark the --soap-header entries mustUnderstand')
    .option('--actor <uri>', 'address the --soap-header entries to this actor (SOAP 1.2: role)')
    .option('--wss <user:pass>', 'add a WS-Security UsernameToken (PasswordText, mustUnderstand)')
    .option('--encoding-style <uri>', 'set encodingStyle on the Body (SOAP 1.2: on its element)')
}

function soapVersionOption(description: string): Option {
  return new Option('--soap <version>', description).choices(['1.1', '1.2'])
}

function addSoapHttpOptions(command: Command): Command {
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
