/**
 * The `apictl soap` subcommands, loaded together by one dynamic import
 * (fewer, larger chunks start faster than many small ones).
 */
export { runSoapCall } from './soap-call.js'
export { runSoapEnvelope } from './soap-envelope.js'
export { runSoapOps } from './soap-ops.js'
export { runSoapSend } from './soap-send.js'
