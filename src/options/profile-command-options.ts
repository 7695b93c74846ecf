import type { Command } from 'commander'
import { collect } from './option-parsers.js'

/** `apictl profile show`'s options, as commander hands them over (any format but json is pretty). */
export interface ProfileShowOptionValues {
  output?: string
}

export function addProfileShowOptions(command: Command): Command {
  return command.option('-o, --output <format>', 'pretty or json', 'pretty')
}

/** `apictl profile add NAME`'s options; typed as config's ProfileAddOptions. */
export function addProfileAddOptions(command: Command): Command {
  return command
    .option('--rest <url>', 'REST base URL')
    .option('--graphql <url>', 'GraphQL endpoint')
    .option('--soap <url>', 'SOAP endpoint')
    .option('--wsdl <url>', 'WSDL URL or file')
    .option('--openapi <url>', "the REST API's OpenAPI document: URL or file")
    .option('-H, --header <header>', "default header 'Name: value' (repeatable)", collect)
    .option('--user <user:pass>', 'HTTP Basic credentials')
    .option('--token <token>', 'Bearer token')
    .option('--oauth2 <token-url>', 'OAuth 2.0 token endpoint (client credentials)')
    .option('--client-id <id>', 'OAuth 2.0 client id')
    .option('--client-secret <secret>', 'OAuth 2.0 client secret')
    .option('--scope <scope>', 'OAuth 2.0 scope')
    .option('--timeout <seconds>', 'default time limit', Number)
    .option('--insecure', 'skip TLS verification for this profile')
}
