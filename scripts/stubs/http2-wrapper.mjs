// Bundled in place of http2-wrapper: got imports it at load time (which pulls in node:http2,
// ~13 ms of every start-up) but uses it only with `http2: true`, which apictl sets for
// --http2 alone. The real package is required on first touch of a member (the bundle keeps it
// as a module that runs only then), so only --http2 pays for it.
let real
// A path under the package, so that the build's stub resolver (^http2-wrapper$) lets it through.
const load = () => {
  real ??= require('http2-wrapper/source/index.js')
  return real
}
export default {
  get auto() {
    return load().auto
  },
  get globalAgent() {
    return load().globalAgent
  },
  get Agent() {
    return load().Agent
  },
}
