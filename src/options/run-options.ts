import { type Command, Option } from 'commander'
import type { CommonOptionValues } from './common-options.js'
import { byteSize, collect, positiveInteger, positiveSeconds } from './option-parsers.js'

/** `apictl run`'s options: the run's own, and the common request options that apply to every request of a file. */
export function addRunOptions(command: Command): Command {
  return command
    .option('--env <name>', 'the environment of http-client.env.json (and .private.env.json) beside the file')
    .option('--var <name=value>', 'a variable over every other value (repeatable)', collect)
    .option('--name <name>', 'run this named request (and the ones it uses) only (repeatable)', collect)
    .option('--bail', 'stop at the first failure (the rest are skipped)')
    .option(
      '--parallel <n>',
      'run independent requests N at a time (default 1, in file order)',
      positiveInteger,
    )
    .option('--repeat <n>', 'run the files N times', positiveInteger)
    .option(
      '--report <kind-and-file...>',
      'write a report: --report junit FILE, --report json FILE, --report html FILE (repeatable)',
    )
    .option('--dry-run', 'check syntax, variables, GraphQL schema, WSDL and OpenAPI; send nothing')
    .option('--from-curl <command>', 'print the .http text of a curl command (and run nothing)')
    .option('--profile <name>', 'use this profile (also APICTL_PROFILE)')
    .option('-H, --header <header>', "a header for every request 'Name: value' (repeatable)", collect)
    .option('--user <user:pass>', 'HTTP Basic credentials for every request (a file header wins)')
    .option('--token <token>', 'send Authorization: Bearer TOKEN with every request (a file header wins)')
    .option('--timeout <seconds>', 'time limit for each request (default 30)', positiveSeconds)
    .option('--max-size <size>', 'largest response body accepted (default 1GiB)', byteSize)
    .option('--insecure', 'skip TLS certificate verification')
    .option('--ca <file>', 'trust this CA bundle (PEM) besides the system’s')
    .option('--cert <file>', 'client certificate (PEM) for mutual TLS')
    .option('--key <file>', 'private key (PEM) of --cert')
    .option('--proxy <url>', 'HTTP(S) proxy (default: HTTPS_PROXY / HTTP_PROXY, minus NO_PROXY)')
    .option('--http2', 'offer HTTP/2 (ALPN, https)')
    .addOption(new Option('--no-color', 'plain output without colour (also NO_COLOR)'))
    .option('-v, --verbose', 'request and response heads on stderr (credentials redacted)')
}

export interface RunOptionValues extends Omit<CommonOptionValues, 'retry'> {
  env?: string
  var?: string[]
  name?: string[]
  bail?: boolean
  parallel?: number
  repeat?: number
  report?: string[]
  fromCurl?: string
}
