import { BufferSink, type Context } from '../core/context.js'
import { UsageError } from '../core/errors.js'
import type { CommonOptions } from '../core/request-options.js'
import { parseSize } from '../core/size.js'
import { memoryTokenStore } from '../exchange/memory-token-store.js'
import { openTarget } from '../exchange/open-target.js'
import type { Target } from '../exchange/target.js'
import { CookieStore } from '../transport/cookie-jar.js'
import type { ClientOptions } from './client-options.js'
import { createGraphQLApi, type GraphQLApi } from './graphql-api.js'
import { createRestApi, type RestApi } from './rest-api.js'
import { createSoapApi, type SoapApi } from './soap-api.js'

export interface ApictlClient extends GraphQLApi {
  rest: RestApi
  soap: SoapApi
  /** Stops the embedded server, if one was started. */
  close(): Promise<void>
}

/**
 * One client for a program: it holds the target and credentials, starts the
 * embedded server on first use when the profile is `local`, and resolves
 * every call to a `{ data, error }` result instead of exiting.
 */
export function createClient(options: ClientOptions = {}): ApictlClient {
  const ctx = libraryContext(options)
  let target: Promise<Target> | undefined
  const getTarget = () => {
    target ??= openClientTarget(options, ctx)
    return target
  }
  const common = commonOptions(options)
  // The client's cache policy is `memory`: schemas, WSDLs and OAuth 2.0 tokens (one store for the three styles) live as long as it.
  const tokens = memoryTokenStore()
  const graphql = createGraphQLApi(getTarget, common, ctx, { validate: options.validate, tokens })
  return {
    rest: createRestApi(getTarget, common, ctx, tokens),
    soap: createSoapApi(getTarget, common, ctx, tokens, options.wss),
    query: graphql.query,
    mutate: graphql.mutate,
    async close() {
      if (target) await (await target).close()
    },
  }
}

/** What a library call runs in: output kept (never printed), the given env or the process's. */
export function libraryContext(options: Pick<ClientOptions, 'env'>): Context {
  return {
    stdout: new BufferSink(),
    stderr: new BufferSink(),
    stdin: process.stdin,
    env: options.env ?? process.env,
    cwd: process.cwd(),
  }
}

/** The client's target: its URLs, else the profile's (the built-in server started for `local`). */
export async function openClientTarget(options: ClientOptions, ctx: Context): Promise<Target> {
  const explicit = options.rest ?? options.graphql ?? options.soap ?? options.wsdl
  if (explicit !== undefined && options.profile === undefined) {
    const { rest, graphql, soap, wsdl } = options
    return {
      profileName: '(client)',
      builtin: false,
      rest,
      graphql,
      soap,
      wsdl,
      profile: {},
      close: async () => {},
    }
  }
  const target = await openTarget({ profileName: options.profile, send: true, announce: false }, ctx)
  return {
    ...target,
    rest: options.rest ?? target.rest,
    graphql: options.graphql ?? target.graphql,
    soap: options.soap ?? target.soap,
    wsdl: options.wsdl ?? target.wsdl,
  }
}

/** The client's options as every call's common options. */
export function commonOptions(options: ClientOptions): CommonOptions {
  return {
    headers: Object.entries(options.headers ?? {}),
    user: options.user,
    token: options.token,
    oauth2: options.oauth2,
    timeoutSeconds: options.timeout,
    retry: options.retry ?? 0,
    maxSize: maxSizeOf(options.maxSize),
    insecure: options.insecure ?? false,
    ...connectionOptions(options),
    verbose: false,
    dryRun: false,
    curl: false,
  }
}

/** Proxy, TLS files, HTTP/2 and cookies: a client keeps the cookies servers set (in memory, or in `session`). */
function connectionOptions(options: ClientOptions): Partial<CommonOptions> {
  const { proxy, ca, cert, key, http2, session } = options
  const given: Partial<CommonOptions> = { cookies: new CookieStore() }
  for (const [name, value] of Object.entries({ proxy, ca, cert, key, session })) {
    if (value !== undefined) given[name as 'proxy'] = value
  }
  if (http2) given.http2 = true
  return given
}

/** `maxSize`: bytes, or a size as --max-size takes it (`'10MB'`, `'1GiB'`). */
function maxSizeOf(value: number | string | undefined): number | undefined {
  if (value === undefined) return undefined
  const bytes = typeof value === 'number' ? value : parseSize(value)
  if (bytes === undefined || !Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new UsageError(`maxSize ${JSON.stringify(value)} is not a size.`, {
      hint: "Give bytes (a whole number above 0) or a size such as '10MB' or '1GiB'.",
    })
  }
  return bytes
}
