import { Kind, type OperationDefinitionNode } from 'graphql'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { type HeaderList, joinHeaderValues } from '../../core/exchange.js'
import { prepareGraphQLRequest } from '../../protocols/graphql/client/build-graphql-request.js'
import { checkOperation } from '../../protocols/graphql/client/check-operation.js'
import { coerceVariableOptions } from '../../protocols/graphql/client/coerce-variables.js'
import type {
  GraphQLResult,
  StreamedGraphQLAnswer,
} from '../../protocols/graphql/client/decode-graphql-response.js'
import type { DocumentSource } from '../../protocols/graphql/client/document-error.js'
import {
  fetchIntrospection,
  prepareIntrospection,
} from '../../protocols/graphql/client/fetch-introspection.js'
import type { GraphQLCall, PreparedGraphQLRequest } from '../../protocols/graphql/client/graphql-call.js'
import { type LoadedSchema, loadSchema } from '../../protocols/graphql/client/load-schema.js'
import { type ParsedDocument, parseDocument } from '../../protocols/graphql/client/parse-document.js'
import {
  type PreparedSubscription,
  prepareSubscription,
} from '../../protocols/graphql/client/prepare-subscription.js'
import type { SubscriptionOutcome } from '../../protocols/graphql/client/run-subscription.js'
import { selectOperation } from '../../protocols/graphql/client/select-operation.js'
import {
  sendGraphQLRequest,
  sendGraphQLRequestStreamed,
} from '../../protocols/graphql/client/send-graphql-request.js'
import { validateDocument } from '../../protocols/graphql/client/validate-document.js'
import {
  noteNotValidated,
  warnSchemaProblems,
  warnUndeclaredVariables,
} from '../../render/print-graphql-notes.js'
import { startSpinner } from '../../render/spinner.js'
import { verboseObserver } from '../../render/verbose-observer.js'
import { withOAuth2 } from '../../transport/send.js'
import type { TokenStore, TransportOptions } from '../../transport/transport-options.js'
import { webSocketConnection } from '../../transport/websocket-connection.js'
import { keepsInMemory, keepsOnDisk } from '../cache-policy.js'
import { memoryTokenStore } from '../memory-token-store.js'
import { requestDefaults, transportOptions } from '../request-defaults.js'
import { runExchange } from '../run-exchange.js'
import type { Target } from '../target.js'
import { type GraphQLEndpoint, graphqlEndpoint } from './graphql-endpoint.js'
import type {
  CheckedDocument,
  DocumentSettings,
  GraphQLCallSettings,
  GraphQLClientOptions,
  OperationType,
  SchemaSettings,
  SubscriptionHandlers,
} from './graphql-settings.js'

/** How a surface prints an answer too long to hold: its bytes as they arrive; it returns the exit code. */
export interface LongAnswerPrinter {
  above: number
  present(answer: StreamedGraphQLAnswer): Promise<number>
}

/**
 * The one GraphQL client under the CLI, the REPL and the library, made once
 * from a target and a cache policy, and the only place that knows
 * GraphQL's order of things: parse → choose the operation → the call's rules
 * on its type and --get → the schema (--schema FILE, memory, disk cache or
 * introspection through the one transport) → validate → coerce and check the
 * variables → prepare the request (pure: --dry-run/--curl print it) → send
 * it with graphql-request → decode the outcome with its exit code.
 */
export class GraphQLClient {
  readonly #options: GraphQLClientOptions
  readonly #schemas = new Map<string, Promise<LoadedSchema | undefined>>()
  readonly #tokens: TokenStore | undefined
  #target: Promise<Target> | undefined

  constructor(options: GraphQLClientOptions) {
    this.#options = options
    this.#tokens = keepsOnDisk(options.cache) ? undefined : (options.tokens ?? memoryTokenStore())
  }

  get ctx(): Context {
    return this.#options.ctx
  }

  get offline(): boolean {
    return this.#options.offline === true
  }

  /** Where a call goes; a usage error when there is no endpoint, or it is not an http(s) URL. */
  async endpoint(settings: Pick<GraphQLCallSettings, 'endpoint'>): Promise<GraphQLEndpoint> {
    return (await this.#where(settings)).endpoint
  }

  /** The schema to validate against; undefined only offline with none cached. */
  async schema(settings: SchemaSettings): Promise<LoadedSchema | undefined> {
    const { target, endpoint } = await this.#where(settings)
    return this.#schemaOf(target, endpoint, settings)
  }

  /** Parses and checks a document for sending; throws a GraphQLDocumentError or UsageError (exit 2) and sends nothing. */
  async check(source: DocumentSource, settings: DocumentSettings): Promise<CheckedDocument> {
    const parsed = parseDocument(source)
    const operation = selectOperation(parsed, settings.operationName)
    settings.accepts?.(operation.operation as OperationType)
    if (settings.get && operation.operation === 'mutation') {
      throw new UsageError('--get sends queries only; a mutation must be a POST.', { hint: 'Drop --get.' })
    }
    // --var as far as the document alone tells (syntax, declared names, built-in scalars) before the
    // target is opened: a typo starts no server. The schema's types are checked again below.
    coerceVariableOptions(settings.variableOptions ?? [], operation)
    return this.#checkOperation(parsed, operation, settings)
  }

  /**
   * gql validate: the same checks, sending nothing but an introspection. A
   * document of several operations, with no --operation or variables to
   * choose one, is validated whole.
   */
  async validate(
    source: DocumentSource,
    settings: DocumentSettings,
  ): Promise<{ operations: OperationDefinitionNode[]; loaded?: LoadedSchema }> {
    const parsed = parseDocument(source)
    const operations = parsed.document.definitions.filter(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    )
    const chosen =
      settings.operationName !== undefined ||
      settings.variables !== undefined ||
      (settings.variableOptions ?? []).length > 0 ||
      operations.length === 1
    if (chosen) {
      const checked = await this.#checkOperation(
        parsed,
        selectOperation(parsed, settings.operationName),
        settings,
      )
      return { operations, loaded: checked.loaded }
    }
    const { target, endpoint } = await this.#where(settings)
    const loaded = settings.validate ? await this.#schemaOf(target, endpoint, settings) : undefined
    if (loaded) validateDocument(loaded.schema, parsed, this.#schemaHint(loaded, endpoint))
    return { operations, loaded }
  }

  /** Pure: the one request a checked document sends. */
  prepare(checked: CheckedDocument): PreparedGraphQLRequest {
    return prepareGraphQLRequest(this.#call(checked, checked.settings.get ? 'GET' : 'POST'))
  }

  /** Pure: a checked subscription's upgrade request and subscribe message (--dry-run prints them). */
  prepareSubscription(checked: CheckedDocument): PreparedSubscription {
    return prepareSubscription(prepareGraphQLRequest(this.#call(checked, 'POST')))
  }

  /** Pure: the introspection request (gql schema --dry-run). */
  async prepareIntrospection(settings: GraphQLCallSettings): Promise<PreparedGraphQLRequest> {
    const { target, endpoint } = await this.#where(settings)
    return prepareIntrospection({ ...this.#headers(settings, target), url: endpoint.url })
  }

  /** Sends a prepared request and decodes the answer (the library's way: nothing printed). */
  async send(prepared: PreparedGraphQLRequest, settings: GraphQLCallSettings): Promise<GraphQLResult> {
    return sendGraphQLRequest(prepared, await this.transport(settings))
  }

  /**
   * The shared tail: --dry-run/--curl print the prepared request and stop;
   * else it is sent (spinner, -v) and `present` prints the outcome. With
   * `long`, an answer over `long.above` bytes is not read whole but handed
   * to `long.present` as it arrives, which returns the exit code.
   */
  async exchange(
    prepared: PreparedGraphQLRequest,
    settings: GraphQLCallSettings,
    present: (result: GraphQLResult) => void,
    long?: LongAnswerPrinter,
  ): Promise<number> {
    const { call, request } = prepared
    const profile = settings.profile ?? (await this.#openTarget()).profile
    return runExchange<GraphQLResult | StreamedGraphQLAnswer>(
      {
        request,
        common: settings.common,
        profile,
        label: `${call.method} ${call.url}`,
        send: (_request, options) => {
          const transport = this.#options.keepAlive ? { ...options, keepAlive: true } : options
          return long === undefined
            ? sendGraphQLRequest(prepared, transport)
            : sendGraphQLRequestStreamed(prepared, transport, long.above)
        },
        present: (result) => ('kind' in result ? long!.present(result) : present(result)),
      },
      this.#callContext(settings),
    )
  }

  /** Runs a prepared subscription over graphql-ws until it ends; the outcome carries its exit code. */
  async subscribe(
    prepared: PreparedSubscription,
    settings: GraphQLCallSettings,
    handlers: SubscriptionHandlers,
  ): Promise<SubscriptionOutcome> {
    const transport = await this.transport(settings)
    let { headers } = prepared
    if (prepared.oauth2) {
      const request = { method: 'GET', url: prepared.endpoint, headers, oauth2: prepared.oauth2 }
      headers = joinHeaderValues((await withOAuth2(request, transport)).headers)
    }
    const { headers: sent, ...socket } = await webSocketConnection(prepared.url, headers, transport)
    handlers.onRequest?.(prepared.url, sent)
    // graphql-ws and ws load only for a subscription.
    const { runSubscription } = await import('../../protocols/graphql/client/run-subscription.js')
    return runSubscription({
      ...handlers,
      url: prepared.url,
      headers: sent,
      payload: prepared.payload,
      socket,
      connectTimeoutMs: transport.timeoutMs,
    })
  }

  /** The transport's settings for a call: its limits, the client's keep-alive, the call's signal, -v. */
  async transport(settings: GraphQLCallSettings): Promise<TransportOptions> {
    const profile = settings.profile ?? (await this.#openTarget()).profile
    const transport = transportOptions(settings.common, profile, this.#callContext(settings))
    if (this.#options.keepAlive) transport.keepAlive = true
    if (this.#tokens !== undefined) transport.tokenStore = this.#tokens
    if (settings.common.verbose) transport.observer = verboseObserver(this.ctx, settings.common)
    return transport
  }

  async #checkOperation(
    parsed: ParsedDocument,
    operation: OperationDefinitionNode,
    settings: DocumentSettings,
  ): Promise<CheckedDocument> {
    const { target, endpoint } = await this.#where(settings)
    const loaded = settings.validate ? await this.#schemaOf(target, endpoint, settings) : undefined
    if (settings.validate && loaded === undefined)
      noteNotValidated(this.ctx, endpoint.url, endpoint.cachesSchema)
    const declared = new Set((operation.variableDefinitions ?? []).map((each) => each.variable.name.value))
    const sessionItems = [...(settings.sessionVariables ?? [])].filter(([name]) => declared.has(name))
    const checked = checkOperation(parsed, operation, {
      schema: loaded?.schema,
      schemaHint: loaded && this.#schemaHint(loaded, endpoint),
      variables: settings.variables,
      variableOptions: [...sessionItems.map(([, item]) => item), ...(settings.variableOptions ?? [])],
    })
    if (checked.undeclared.length > 0) warnUndeclaredVariables(this.ctx, checked.undeclared, checked.name)
    return { source: parsed.source, settings, target, endpoint, operation: checked, loaded }
  }

  /** The schema of an endpoint, through the cache policy; a failed load is not kept. */
  #schemaOf(
    target: Target,
    endpoint: GraphQLEndpoint,
    settings: SchemaSettings,
  ): Promise<LoadedSchema | undefined> {
    const load = async () => {
      const loaded = await loadSchema({
        endpoint: endpoint.url,
        schemaFile: settings.schemaFile,
        refresh: settings.refresh === true,
        cache: endpoint.cachesSchema && keepsOnDisk(this.#options.cache),
        mayFetch: !this.offline,
        env: this.ctx.env,
        fetch: () => this.#introspect(target, endpoint.url, settings),
      })
      if (loaded) warnSchemaProblems(this.ctx, loaded.warnings)
      return loaded
    }
    if (!keepsInMemory(this.#options.cache)) return load()
    const key = `${endpoint.url}\n${settings.schemaFile ?? ''}`
    if (settings.refresh) this.#schemas.delete(key)
    let pending = this.#schemas.get(key)
    if (pending === undefined) {
      pending = load()
      this.#schemas.set(key, pending)
      pending.catch(() => this.#schemas.delete(key))
    }
    return pending
  }

  /** Introspection with the call's profile and common options (its own headers are for its request only). */
  async #introspect(target: Target, url: string, settings: SchemaSettings) {
    const { completion } = settings
    const spinner = completion ? undefined : startSpinner(this.ctx.stderr, `fetching the schema of ${url}`)
    try {
      const transport = await this.transport(settings)
      if (completion) transport.timeoutMs = Math.min(transport.timeoutMs, completion.timeoutMs)
      return await fetchIntrospection(
        prepareIntrospection({ ...this.#headers(settings, target), url }),
        transport,
      )
    } finally {
      spinner?.stop()
    }
  }

  #call(checked: CheckedDocument, method: GraphQLCall['method']): GraphQLCall {
    const { settings, operation } = checked
    return {
      ...this.#headers(settings, checked.target, settings.headers),
      url: checked.endpoint.url,
      query: checked.source.text,
      variables: operation.variables,
      operationName: operation.name,
      method,
    }
  }

  #headers(
    settings: GraphQLCallSettings,
    target: Target,
    extra: HeaderList = [],
  ): Pick<GraphQLCall, 'headers' | 'unsetHeaders' | 'oauth2'> {
    const defaults = requestDefaults(settings.common, settings.profile ?? target.profile)
    return {
      headers: [...defaults.headers, ...extra],
      unsetHeaders: defaults.unsetHeaders,
      oauth2: defaults.oauth2,
    }
  }

  #schemaHint(loaded: LoadedSchema, endpoint: GraphQLEndpoint): string {
    return this.#options.words.schemaHint?.(loaded, endpoint) ?? loaded.hint
  }

  #callContext(settings: GraphQLCallSettings): Context {
    return settings.signal ? { ...this.ctx, signal: settings.signal } : this.ctx
  }

  async #where(settings: Pick<GraphQLCallSettings, 'endpoint'>) {
    const target = await this.#openTarget()
    const hint = this.#options.words.noEndpoint(target.profileName)
    return { target, endpoint: graphqlEndpoint(target, settings.endpoint, hint) }
  }

  #openTarget(): Promise<Target> {
    const { target } = this.#options
    this.#target ??= typeof target === 'function' ? target() : Promise.resolve(target)
    return this.#target
  }
}
