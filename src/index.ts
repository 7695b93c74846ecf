/** apictl as a library: the engine the CLI and the REPL are thin layers over. */
export type {
  ApiError,
  ClientOptions,
  RestCallOptions,
  RestResponse,
  WssCredentials,
} from './client/client-options.js'
export { type ApictlClient, createClient } from './client/create-client.js'
export type {
  GraphQLApi,
  GraphQLRequestOptions,
  GraphQLResponse,
  GraphQLResponseError,
} from './client/graphql-api.js'
export type { RestApi } from './client/rest-api.js'
export type {
  SoapApi,
  SoapCallError,
  SoapCallOptions,
  SoapCallResult,
  SoapFault,
  SoapHeaderEntry,
} from './client/soap-api.js'
export { ApictlError, NetworkError, ResponseError, UsageError } from './core/errors.js'
export { ExitCode } from './core/exit-codes.js'
export { type RunningServer, type ServerOptions, startServer } from './server/start-server.js'
