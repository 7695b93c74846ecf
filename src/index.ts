/** apictl as a library: the engine the CLI and the REPL are thin layers over. */

export { ApictlError, NetworkError, ResponseError, UsageError } from './core/errors.js'
export { ExitCode } from './core/exit-codes.js'
export type {
  AssertResult,
  ExchangeRecord,
  FilePosition,
  RequestResult,
  RunOutcome,
  RunReport,
  RunStyle,
} from './core/run-report.js'
export type {
  ApiError,
  ClientOptions,
  RestCallOptions,
  RestResponse,
  WssCredentials,
} from './library/client-options.js'
export { type ApictlClient, createClient } from './library/create-client.js'
export type {
  GraphQLApi,
  GraphQLRequestOptions,
  GraphQLResponse,
  GraphQLResponseError,
} from './library/graphql-api.js'
export type { RestApi } from './library/rest-api.js'
export { type RunFileOptions, runFile } from './library/run-file.js'
export type {
  SoapApi,
  SoapCallError,
  SoapCallOptions,
  SoapCallResult,
  SoapFault,
  SoapHeaderEntry,
} from './library/soap-api.js'
export { type RunningServer, type ServerOptions, startServer } from './server/reference/start-server.js'
