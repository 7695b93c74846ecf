import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type DocumentNode, GraphQLError, type GraphQLSchema, parse, specifiedRules, validate } from 'graphql'
import type { Context } from 'graphql-ws'
import { type Extra, useServer } from 'graphql-ws/use/ws'
import { WebSocketServer } from 'ws'
import { clientKey, type FailureThrottle } from '../../../server/kit/auth/failure-throttle.js'
import { bodyLimit } from '../../../server/kit/http/read-body.js'
import { scanAliasErrors } from './alias-scan.js'
import { checkDocumentBounds, tooManyRefused } from './document-bounds.js'
import { documentLimits } from './document-limits.js'
import type { GraphqlContext } from './graphql-context.js'
import { withCode } from './graphql-errors.js'
import { maskInternalErrors } from './mask-internal-errors.js'

export interface SubscriptionServerOptions {
  /** The schema Apollo serves over HTTP. */
  schema: GraphQLSchema
  /** The endpoint's path; upgrades elsewhere are refused. */
  path: string
  /** The context of one operation, from the credentials sent and the client's address. */
  context(authorization: string | undefined, address: string | undefined): Promise<GraphqlContext>
  /** Refused documents per client address (shared with HTTP): past the budget, refused unparsed. */
  refusals: FailureThrottle
  log?: ((line: string) => void) | undefined
}

export interface SubscriptionServer {
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void
  close(): Promise<void>
}

/** What a client may send in `connection_init`: its credentials, as it would in the Authorization header. */
type ConnectionParams = { authorization?: unknown; Authorization?: unknown } | undefined

function authorizationOf(context: Context<ConnectionParams, Extra>): string | undefined {
  const params = context.connectionParams
  const fromParams = params?.authorization ?? params?.Authorization
  return typeof fromParams === 'string' ? fromParams : context.extra.request.headers.authorization
}

/**
 * GraphQL over WebSocket on the same path (graphql-ws's graphql-transport-ws
 * protocol, with `ws`): subscriptions (and queries and mutations, if a
 * client sends them this way) against the same schema, with the same
 * document limits and error masking as HTTP. Credentials come from the
 * connection parameters (`{"authorization": "Basic …"}`) or the upgrade
 * request's Authorization header; subscribing itself needs none.
 */
export function createSubscriptionServer(options: SubscriptionServerOptions): SubscriptionServer {
  const { schema, path, context, refusals, log } = options
  const webSockets = new WebSocketServer({ noServer: true, maxPayload: bodyLimit })
  const rules = specifiedRules
  const mask = maskInternalErrors(log)
  const server = useServer<ConnectionParams>(
    {
      schema,
      isProd: true,
      async onSubscribe(subscriber, _id, payload) {
        const client = clientKey(subscriber.extra.request.socket.remoteAddress)
        const wait = refusals.retryAfter(client)
        if (wait !== undefined) {
          return [new GraphQLError(tooManyRefused(wait), { extensions: { code: 'TOO_MANY_REQUESTS' } })]
        }
        const scanned = scanAliasErrors(payload.query, documentLimits.maxAliases)
        if (scanned.length > 0) {
          refusals.fail(client)
          return scanned
        }
        let document: DocumentNode
        try {
          document = parse(payload.query, { maxTokens: documentLimits.maxTokens })
        } catch (error) {
          refusals.fail(client)
          // A syntax error, or a document nested so deeply that the parser runs out of stack.
          const syntax = error instanceof GraphQLError ? error : new GraphQLError((error as Error).message)
          return [withCode(syntax, 'GRAPHQL_PARSE_FAILED')]
        }
        const bounds = checkDocumentBounds(schema, document)
        if (bounds.length > 0) {
          refusals.fail(client)
          return [...bounds]
        }
        const errors = validate(schema, document, rules)
        if (errors.length > 0) return errors.map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED'))
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: await context(
            authorizationOf(subscriber),
            subscriber.extra.request.socket.remoteAddress,
          ),
        }
      },
      onNext(_subscriber, _id, _payload, _args, result) {
        if (result.errors === undefined) return undefined
        return { ...result, errors: result.errors.map((error) => mask(error.toJSON(), error)) }
      },
      onError(_subscriber, _id, _payload, errors) {
        return errors.map((error) => mask(error.toJSON(), error))
      },
    },
    webSockets,
  )
  return {
    upgrade(request, socket, head) {
      const target = (request.url ?? '').split('?')[0]
      if (target !== path) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
        return
      }
      webSockets.handleUpgrade(request, socket, head, (webSocket) => {
        webSockets.emit('connection', webSocket, request)
      })
    },
    async close() {
      await server.dispose()
    },
  }
}
