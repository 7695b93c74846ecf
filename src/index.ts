/** apictl as a library: the engine the CLI and the REPL are thin layers over. */
export type { ApiError, ClientOptions, RestCallOptions, RestResponse } from './client/client-options.js'
export { type ApictlClient, createClient } from './client/create-client.js'
export type { RestApi } from './client/rest-api.js'
export { ApictlError, NetworkError, ResponseError, UsageError } from './core/errors.js'
export { ExitCode } from './core/exit-codes.js'
