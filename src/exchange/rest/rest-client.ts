import { readFileSync } from 'node:fs'
import { localPath } from '../../config/paths.js'
import type { Profile } from '../../config/profile.js'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { type HeaderList, type HttpRequest, isJsonType } from '../../core/exchange.js'
import type { CommonOptions } from '../../core/request-options.js'
import { buildRestRequest } from '../../protocols/rest/client/build-rest-request.js'
import { BODY_METHODS, parseRestMethod } from '../../protocols/rest/client/rest-method.js'
import { type RestOutcome, sendRestRequest } from '../../protocols/rest/client/send-rest-request.js'
import { applyRequestItems } from '../../protocols/rest/items/apply-request-items.js'
import { isForm, isFormItem } from '../../protocols/rest/items/form-items.js'
import { parseRequestItem } from '../../protocols/rest/items/parse-request-item.js'
import { pathToLint } from '../../protocols/rest/lint-scope.js'
import { lintPath } from '../../protocols/rest/path-lint.js'
import { printDownloadDone } from '../../render/print-download.js'
import { printLintWarnings } from '../../render/print-lint-warnings.js'
import type { TokenStore, TransportOptions } from '../../transport/transport-options.js'
import { type CachePolicy, keepsInMemory, keepsOnDisk } from '../cache-policy.js'
import { memoryTokenStore } from '../memory-token-store.js'
import { checkJsonBody, readDataOption } from '../read-data-option.js'
import {
  type HeaderEdit,
  type RequestDefaults,
  requestDefaults,
  transportOptions,
} from '../request-defaults.js'
import { runExchange } from '../run-exchange.js'
import type { Target } from '../target.js'
import { formRequest } from './form-request.js'
import { pagingQuery } from './paging-query.js'
import { type RestContract, reportResponseProblems } from './rest-contract.js'
import { type DownloadOutcome, type DownloadPlan, planDownload, sendDownload } from './rest-download.js'
import { restUrl } from './rest-url.js'

/** One REST call, from any surface: what `apictl rest`, a REPL line or `client.rest.*` was given. */
export interface RestCall {
  /** Left out (undefined): GET, or POST when the request has a body (HTTPie's rule). */
  method: string | undefined
  /** A full URL, or a path against the target's REST base (`/v1/items`; `:3000/x` is localhost). */
  url: string
  /** Request items as typed: `Name:value`, `name==value`, `field=value`, `field:=json`, `field=@file`. */
  items?: readonly string[]
  /** Query pairs and a JSON body given as data (the library's); sent after the items'. */
  query?: ReadonlyArray<[string, string]>
  json?: unknown
  /** Headers that replace the defaults by name (the library's per-call headers). */
  headers?: HeaderList
  /** --data: JSON text, @file or - (stdin). */
  data?: string
  /** A body sent as it is, whatever it holds (a request file's inline or `< file` body, bytes too). */
  body?: string | Buffer
  page?: number
  limit?: number
  accept?: string
  apiVersion?: string
  /** --lint (true), --no-lint (false), or neither: the profile's REST API only (SPEC §4); findings on stderr. */
  lint?: boolean
  /** --all: follow the pages and merge the lists, at most maxPages. */
  all?: boolean
  maxPages?: number
  /** --follow: follow redirects. */
  follow?: boolean
  /** -f, --form: field items as a form (urlencoded; multipart with `field@file` uploads). */
  form?: boolean
  /** --download [FILE]: the body saved to a file (true: named from the answer or the URL). */
  download?: string | boolean
  /** --stream: any body is a live stream, printed as it arrives (server-sent events and NDJSON always are). */
  stream?: boolean
  /** --continue: resume the --download FILE from where it ends. */
  continue?: boolean
  /** --force: a --download FILE that exists is overwritten. */
  force?: boolean
  signal?: AbortSignal
  /** The API's OpenAPI document, when there is one: items typed, the request checked, declared paths not linted. */
  contract?: RestContract | undefined
  /** --check-response: the answer checked against the document too; --strict makes a mismatch exit 6. */
  checkResponse?: boolean
  strict?: boolean
  /**
   * The body piped on stdin (the CLI without --ignore-stdin): read when no
   * other body is given and the method takes one or is left out.
   */
  pipedBody?: () => Promise<Buffer | undefined>
}

/** A call ready to send: the built request (what --dry-run and --curl print) and how to send it. */
export interface PreparedRestCall {
  request: HttpRequest
  url: URL
  call: RestCall
  /** --download: where the body goes. */
  download?: DownloadPlan
}

/** What a REST client is made from: where, how long it keeps things, and whose settings (headers, auth). */
export interface RestClientOptions {
  target: Target
  cache: CachePolicy
  /** The profile's settings at call time (the REPL's without its credentials after `.auth none`). */
  profile?: () => Profile
  /** OAuth 2.0 tokens when the policy keeps nothing on disk (the library client's, shared by its three styles). */
  tokens?: TokenStore
}

export const DEFAULT_MAX_PAGES = 100

/** How the answer may come back to a printer: long bodies past `streamAbove` bytes, and live streams, as they arrive. */
export interface StreamedOutcome {
  streamAbove?: number
  live?: boolean
}

/**
 * The REST engine, made once per target: the only place that knows REST's
 * order of things — request items, the body (--data or fields), the URL
 * against the REST base with --api-version, paging parameters, profile
 * headers and auth, the path-conventions check (on the profile's REST API,
 * or any URL with --lint), then the built request;
 * then send (one page or, with --all, every page) and decode. The CLI's
 * `rest` action, the REPL's REST line and `client.rest` are adapters over it.
 */
export class RestClient {
  readonly target: Target
  private readonly cache: CachePolicy
  private readonly currentProfile: () => Profile
  private readonly tokens: TokenStore | undefined

  constructor(options: RestClientOptions) {
    this.target = options.target
    this.cache = options.cache
    this.tokens = keepsOnDisk(options.cache) ? undefined : (options.tokens ?? memoryTokenStore())
    this.currentProfile = options.profile ?? (() => options.target.profile)
  }

  get profile(): Profile {
    return this.currentProfile()
  }

  /** Pure up to reading the files the call names: the request, built. */
  async prepare(call: RestCall, common: CommonOptions, ctx: Context): Promise<PreparedRestCall> {
    const given = call.method === undefined ? undefined : parseRestMethod(call.method)
    const { url, typedPath } = restUrl(call, this.target, ctx)
    let parsed = (call.items ?? []).map(parseRequestItem)
    // `price=2.5` typed by the operation's body schema (a number when it says number); a left-out
    // method is POST when the items carry a body field, as it will be sent.
    // A form's fields are text as typed: only a JSON body is typed by the schema.
    if (call.contract !== undefined && !isForm(parsed, call.form === true)) {
      const bodyItems = parsed.some((item) => item.kind.startsWith('data'))
      parsed = call.contract.typeItems(parsed, given ?? (bodyItems ? 'POST' : 'GET'), url)
    }
    const readFile = (file: string) => readFileSync(localPath(file, ctx), 'utf8')
    const form = formRequest(parsed, call.form === true, readFile, ctx)
    const items = applyRequestItems(form ? parsed.filter((item) => !isFormItem(item)) : parsed, readFile)
    if ((call.data ?? call.body) !== undefined && (items.body !== undefined || form !== undefined)) {
      throw new UsageError('Give the body either as --data or as field items, not both.', {
        hint: 'Drop --data, or move the fields into the JSON you pass to --data.',
      })
    }
    const download = downloadOf(call, ctx)
    const query = pagingQuery(call, [...items.query, ...(call.query ?? [])], url)
    const defaults = requestDefaults(common, this.profile, [
      ...items.headers,
      ...items.unsetHeaders.map((name): HeaderEdit => [name, undefined]),
    ])
    const linted = pathToLint({
      lint: call.lint,
      url,
      typedPath,
      restBase: this.target.rest,
      tokenUrl: defaults.oauth2?.tokenUrl,
    })
    // A path the API's own document declares is its contract, not a convention to question.
    if (linted !== undefined && call.contract?.declares(url) !== true)
      printLintWarnings(linted, lintPath(linted), ctx, common.colour)
    // --data is checked to be JSON unless the user says the body is something else.
    const contentType = sentContentType(defaults)
    const json = contentType === undefined || isJsonType(contentType)
    let rawBody: string | Buffer | undefined =
      call.body ?? (call.data === undefined ? undefined : await readDataOption(call.data, ctx, { json }))
    const mayPipe = given === undefined || BODY_METHODS.includes(given)
    if (
      rawBody === undefined &&
      items.body === undefined &&
      form === undefined &&
      call.json === undefined &&
      mayPipe &&
      call.pipedBody
    ) {
      const piped = await call.pipedBody()
      if (piped !== undefined) {
        rawBody = piped.toString('utf8')
        if (json) checkJsonBody(rawBody, 'piped stdin')
      }
    }
    const body = items.body ?? call.json
    const method =
      given ?? (rawBody !== undefined || body !== undefined || form !== undefined ? 'POST' : 'GET')
    const request = buildRestRequest({
      method,
      url,
      headers: [...defaults.headers, ...(call.headers ?? []), ...(download?.headers ?? [])],
      unsetHeaders: defaults.unsetHeaders,
      query,
      json: items.body ?? call.json,
      rawBody,
      form,
      // A download is whatever the server has: */* as HTTPie asks, unless --accept says.
      accept: call.accept ?? (download ? '*/*' : undefined),
      oauth2: defaults.oauth2,
    })
    // Checked against the document before anything is sent (exit 2 naming each broken rule).
    await call.contract?.check(request)
    return download ? { request, url, call, download: download.plan } : { request, url, call }
  }

  /**
   * Sends a prepared call (one page or, with --all, every page) and decodes
   * the answer; with `streamAbove`, a body longer than that many bytes comes
   * back as a stream (body kind `stream`) for a printer that reads it so;
   * with `live`, a live stream (server-sent events, NDJSON, any body with
   * --stream) comes back at its head, its body handed over as it arrives.
   */
  send(
    prepared: PreparedRestCall,
    transport: TransportOptions,
    onPage?: (page: number) => void,
    reading: StreamedOutcome = {},
  ) {
    const { call } = prepared
    return sendRestRequest(prepared.request, this.settings(prepared, transport), {
      all: call.all === true,
      maxPages: call.maxPages ?? DEFAULT_MAX_PAGES,
      onPage,
      ...reading,
      stream: call.stream === true,
    })
  }

  /**
   * The CLI's and the REPL's way: --dry-run / --curl print the request and
   * stop, else send (spinner, -v) and hand the decoded outcome to `present`
   * (which reads a body that streams, `streamAbove`, to its end). Returns
   * the outcome's exit code.
   */
  async exchange(
    prepared: PreparedRestCall,
    common: CommonOptions,
    ctx: Context,
    present: (outcome: RestOutcome) => void | Promise<void>,
    options: StreamedOutcome = {},
  ): Promise<number> {
    const { contract, checkResponse, strict } = prepared.call
    const plan = prepared.download
    if (plan !== undefined) {
      return runExchange<DownloadOutcome>(
        {
          request: prepared.request,
          common,
          profile: this.profile,
          followRedirects: prepared.call.follow === true,
          curl: { download: { file: plan.request.file, resume: plan.request.resume } },
          bodyToFile: true,
          send: (request, transport) => sendDownload(request, this.settings(prepared, transport), plan, ctx),
          present: (outcome) =>
            outcome.kind === 'saved' ? printDownloadDone(ctx, outcome) : present(outcome.outcome),
        },
        ctx,
      )
    }
    return runExchange(
      {
        request: prepared.request,
        common,
        profile: this.profile,
        followRedirects: prepared.call.follow === true,
        send: (_request, transport, progress) =>
          this.send(
            prepared,
            transport,
            (page) => progress(`fetched page ${page}, fetching the next…`),
            // A body checked against the OpenAPI document is read whole.
            checkResponse === true ? {} : options,
          ),
        present: async (outcome) => {
          await present(outcome)
          if (contract === undefined || checkResponse !== true) return undefined
          const problems = await contract.checkResponse(prepared.request, outcome.result)
          return reportResponseProblems(problems, strict === true, ctx) || undefined
        },
      },
      ctx,
    )
  }

  /** The transport's settings for one call: connections kept as the cache policy says, --follow, the call's signal. */
  private settings(prepared: PreparedRestCall, transport: TransportOptions): TransportOptions {
    const { call } = prepared
    const settings: TransportOptions = { ...transport, keepAlive: keepsInMemory(this.cache) }
    if (this.tokens !== undefined) settings.tokenStore = this.tokens
    if (call.follow) settings.followRedirects = true
    if (call.signal) settings.signal = call.signal
    return settings
  }

  /** The library's way: prepare and send, nothing printed; the decoded outcome. */
  async request(call: RestCall, common: CommonOptions, ctx: Context): Promise<RestOutcome> {
    const prepared = await this.prepare(call, common, ctx)
    return this.send(prepared, transportOptions(common, this.profile, ctx))
  }
}

/** --download [FILE] (with --continue, --force): the plan and its headers; --all cannot go with it. */
function downloadOf(call: RestCall, ctx: Context): ReturnType<typeof planDownload> | undefined {
  if (call.download === undefined || call.download === false) {
    for (const [flag, given] of [
      ['--continue', call.continue],
      ['--force', call.force],
    ] as const) {
      if (given) {
        throw new UsageError(`${flag} goes with --download.`, {
          where: flag,
          hint: `apictl rest get URL --download FILE ${flag}`,
        })
      }
    }
    return undefined
  }
  if (call.all) {
    throw new UsageError('--download saves one body; --all merges pages. Give one of them.', {
      where: '--download',
    })
  }
  const file = typeof call.download === 'string' ? call.download : undefined
  return planDownload({ file, resume: call.continue === true, force: call.force === true }, ctx)
}

/** The Content-Type the profile or the command line sets (the last one given), unless unset. */
function sentContentType(defaults: RequestDefaults): string | undefined {
  if (defaults.unsetHeaders.some((name) => name.toLowerCase() === 'content-type')) return undefined
  const values = defaults.headers.filter(([name]) => name.toLowerCase() === 'content-type')
  const value = values.at(-1)?.[1]
  return Array.isArray(value) ? value.at(-1) : value
}
