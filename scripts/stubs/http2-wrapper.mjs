// Bundled in place of http2-wrapper: got imports it at load time (which pulls
// in node:http2, ~13 ms of every start-up) but uses it only with `http2: true`,
// an option apictl never sets. Touching it says so instead of failing oddly.
function unsupported() {
  throw new Error('HTTP/2 is not built into apictl (got was bundled without http2-wrapper)')
}
export default {
  get auto() {
    return unsupported()
  },
  get globalAgent() {
    return unsupported()
  },
}
