import { GraphQLClient as RequestRunner } from 'graphql-request'
import { isApictlError } from '../../../core/errors.js'
import type { HttpResponse } from '../../../core/exchange.js'
import { send as transportSend } from '../../../transport/send.js'
import { sendStreamed } from '../../../transport/send-streamed.js'
import type { SendFunction, TransportOptions } from '../../../transport/transport-options.js'
import {
  type BodyJson,
  decodeGraphQLResponse,
  type GraphQLResult,
  graphQLExitCode,
  type StreamedGraphQLAnswer,
} from './decode-graphql-response.js'
import { fetchResponseOf } from './fetch-response.js'
import type { PreparedGraphQLRequest } from './graphql-call.js'

/**
 * Sends a prepared GraphQL request with graphql-request over the shared
 * transport (time limit, retries, TLS, OAuth 2.0 and -v as for REST), then
 * decodes the answer. Nothing is built or parsed twice: graphql-request's
 * serializer hands back the prepared body and its fetch sends the prepared
 * request as it is, so what --dry-run prints is what goes out; the body is
 * JSON-parsed once, by graphql-request's serializer, and the decoder reads
 * that value (graphql-request's own verdict is not needed: the decoder reads
 * every status and body the same way).
 */
export function sendGraphQLRequest(
  prepared: PreparedGraphQLRequest,
  transport: TransportOptions,
  send: SendFunction = transportSend,
): Promise<GraphQLResult> {
  // send() reads every body whole: no answer is handed over as it arrives.
  return exchangeGraphQL(prepared, transport, send) as Promise<GraphQLResult>
}

/**
 * sendGraphQLRequest for a caller that prints long answers as they arrive:
 * an answer longer than `window` bytes is not read whole (graphql-request's
 * fetch stops there; the same one POST) but comes back as it arrives.
 */
export function sendGraphQLRequestStreamed(
  prepared: PreparedGraphQLRequest,
  transport: TransportOptions,
  window: number,
): Promise<GraphQLResult | StreamedGraphQLAnswer> {
  return exchangeGraphQL(prepared, transport, (request, options) =>
    sendStreamed(request, options, { window }),
  )
}

async function exchangeGraphQL(
  prepared: PreparedGraphQLRequest,
  transport: TransportOptions,
  send: SendFunction,
): Promise<GraphQLResult | StreamedGraphQLAnswer> {
  const { call, request } = prepared
  let response: HttpResponse | undefined
  let json: BodyJson | undefined
  const sendPrepared = async () => {
    response = await send(request, transport)
    // Too long to hold: out of graphql-request, which would read it whole.
    if (response.more !== undefined) throw LONG_ANSWER
    return fetchResponseOf(response)
  }
  const runner = new RequestRunner(request.url, {
    fetch: sendPrepared as unknown as typeof fetch,
    jsonSerializer: {
      stringify: () => request.body as string,
      parse: (text) => {
        json = { ok: false }
        json = { ok: true, value: JSON.parse(text) }
        return json.value
      },
    },
    // The operation is already chosen: graphql-request need not parse the document again.
    excludeOperationName: true,
    errorPolicy: 'all',
  })
  try {
    await runner.rawRequest(call.query, call.variables)
  } catch (error) {
    if (error === LONG_ANSWER) return streamedAnswer(response!, request.method)
    if (isApictlError(error) || response === undefined) throw error
  }
  return decodeGraphQLResponse(response!, request.method, json)
}

const LONG_ANSWER = Symbol('a GraphQL answer too long to hold')

function streamedAnswer(response: HttpResponse, method: string): StreamedGraphQLAnswer {
  const { status } = response
  const more = response.more!
  return {
    kind: 'stream',
    method,
    status,
    response: { ...response, more },
    exitCode: graphQLExitCode(status, false),
  }
}
