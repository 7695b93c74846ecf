import { type Command, Option } from 'commander'
import { parseHeader } from '../config/profile-options.js'
import { UsageError } from '../core/errors.js'
import {
  type CommonOptions,
  OUTPUT_FORMATS,
  type OutputFormat,
  type PrintParts,
  printPartsOf,
} from '../core/request-options.js'
import { byteSize, collect, positiveSeconds, printLetters, wholeNumber } from './option-parsers.js'

/** Adds the options every style shares (SPEC §3) to a command: the CLI's commands and the REPL's lines. */
export function addCommonOptions(command: Command): Command {
  return command
    .option('-H, --header <header>', "extra header 'Name: value' (repeatable)", collect)
    .option('--user <user:pass>', 'HTTP Basic credentials')
    .option('--token <token>', 'send Authorization: Bearer TOKEN')
    .option('--oauth2 <token-url>', 'OAuth 2.0 client credentials: fetch (and cache) a token from this URL')
    .option('--client-id <id>', 'OAuth 2.0 client id (with --oauth2)')
    .option('--client-secret <secret>', 'OAuth 2.0 client secret (with --oauth2)')
    .option('--scope <scope>', 'OAuth 2.0 scope (with --oauth2)')
    .option(
      '--timeout <seconds>',
      'time limit for the whole call, retries included (default 30); for a live stream or a download, the longest silence',
      positiveSeconds,
    )
    .option(
      '--retry <n>',
      'retries on network errors and 502/503/504 (idempotent methods only)',
      wholeNumber,
      0,
    )
    .option(
      '--retry-unsafe',
      'with --retry: retry a POST or PATCH too (gql, soap call, rest post), as you say the operation is idempotent',
    )
    .option(
      '--max-size <size>',
      'largest response body accepted, counted after decompression (default 1GiB; e.g. 10MB, 512KiB)',
      byteSize,
    )
    .option('--insecure', 'skip TLS certificate verification')
    .option('--ca <file>', 'trust this CA bundle (PEM) besides the system’s')
    .option('--cert <file>', 'client certificate (PEM) for mutual TLS; its key in it or in --key')
    .option('--key <file>', 'private key (PEM) of --cert')
    .option('--proxy <url>', 'HTTP(S) proxy (default: HTTPS_PROXY / HTTP_PROXY, minus NO_PROXY)')
    .option('--http2', 'offer HTTP/2 (ALPN, https); HTTP/1.1 when the server declines')
    .option('--session <name>', 'keep cookies and headers per host in sessions/NAME.json and send them later')
    .addOption(new Option('-o, --output <format>', 'output format').choices(OUTPUT_FORMATS))
    .option('-i, --include', 'response headers with the body on stdout (--print hb)')
    .option(
      '--print <what>',
      'what stdout shows, HTTPie letters: H request headers, B request body, h response headers, b response body, m metadata',
      printLetters,
    )
    .option('--no-color', 'plain output without colour (also NO_COLOR)')
    .option('-v, --verbose', 'request and response heads and timings on stderr (credentials redacted)')
    .option(
      '--dry-run',
      'print the exact request (full URL, headers, body) and send nothing; credentials redacted',
    )
    .option('--show-secrets', 'with --dry-run: show credentials in clear')
    .option(
      '--curl',
      'print an equivalent curl command and send nothing (with --dry-run: the request, then the command)',
    )
    .option('--profile <name>', 'use this profile (also APICTL_PROFILE)')
}

/** The common options as commander hands them over (addCommonOptions types each one). */
export interface CommonOptionValues {
  header?: string[]
  user?: string
  token?: string
  oauth2?: string
  clientId?: string
  clientSecret?: string
  scope?: string
  timeout?: number
  retry: number
  retryUnsafe?: boolean
  maxSize?: number
  insecure?: boolean
  ca?: string
  cert?: string
  key?: string
  proxy?: string
  http2?: boolean
  session?: string
  output?: OutputFormat
  /** -i: --print hb. */
  include?: boolean
  print?: PrintParts
  /** false with --no-color. */
  color?: boolean
  verbose?: boolean
  dryRun?: boolean
  showSecrets?: boolean
  curl?: boolean
  profile?: string
}

/** The common options checked (one kind of auth, --oauth2 complete, --user USER:PASS) and normalised once. */
export function normalizeCommonOptions(raw: CommonOptionValues): CommonOptions {
  checkAuthOptions(raw)
  if (raw.oauth2 && (!raw.clientId || !raw.clientSecret)) {
    throw new UsageError('--oauth2 needs --client-id and --client-secret.', {
      hint: 'apictl ... --oauth2 https://host/oauth/token --client-id ID --client-secret SECRET [--scope S]',
    })
  }
  if (raw.user && !raw.user.includes(':')) {
    throw new UsageError(`--user expects USER:PASS, got '${raw.user}'.`, {
      hint: 'For example --user demo:demo',
    })
  }
  return {
    profile: raw.profile,
    headers: (raw.header ?? [])
      .map((text) => parseHeader(text))
      .map(({ name, value }) => [name, value] as [string, string]),
    user: raw.user,
    token: raw.token,
    oauth2: raw.oauth2
      ? { tokenUrl: raw.oauth2, clientId: raw.clientId!, clientSecret: raw.clientSecret!, scope: raw.scope }
      : undefined,
    timeoutSeconds: raw.timeout,
    retry: raw.retry,
    retryUnsafe: raw.retryUnsafe === true,
    maxSize: raw.maxSize,
    insecure: raw.insecure ?? false,
    ...connectionOptions(raw),
    output: raw.output,
    // --print wins over -i, as in HTTPie.
    ...(raw.print !== undefined ? { print: raw.print } : raw.include ? { print: printPartsOf('hb')! } : {}),
    colour: raw.color === false ? false : undefined,
    verbose: raw.verbose ?? false,
    dryRun: raw.dryRun ?? false,
    showSecrets: raw.showSecrets ?? false,
    curl: raw.curl ?? false,
  }
}

/** --ca, --cert, --key, --proxy, --http2, --session, as given (files are read, and the proxy checked, at send time). */
function connectionOptions(raw: CommonOptionValues): Partial<CommonOptions> {
  const given: Partial<CommonOptions> = {}
  if (raw.ca !== undefined) given.ca = raw.ca
  if (raw.cert !== undefined) given.cert = raw.cert
  if (raw.key !== undefined) given.key = raw.key
  if (raw.proxy !== undefined) given.proxy = raw.proxy
  if (raw.http2) given.http2 = true
  if (raw.session !== undefined) given.session = raw.session
  return given
}

/** One kind of auth per request, and none of them empty (as `profile add` checks). */
function checkAuthOptions(raw: CommonOptionValues): void {
  const kinds = [
    raw.user !== undefined && '--user',
    raw.token !== undefined && '--token',
    raw.oauth2 !== undefined && '--oauth2',
  ].filter((kind) => kind !== false)
  if (kinds.length > 1) {
    throw new UsageError(`Give one kind of auth per request, not ${kinds.join(' and ')}.`, {
      where: kinds.join(', '),
      hint: 'Choose one of --user USER:PASS, --token TOKEN or --oauth2 TOKEN_URL.',
    })
  }
  for (const [flag, value] of [
    ['--user', raw.user],
    ['--token', raw.token],
    ['--oauth2', raw.oauth2],
  ] as const) {
    if (value !== undefined && value.trim() === '') {
      throw new UsageError(`${flag} is empty.`, {
        where: flag,
        hint: `Give a value (is the variable you passed to ${flag} set?), or leave ${flag} out.`,
      })
    }
  }
}
