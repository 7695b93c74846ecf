// Bundled in place of cacheable-request: got imports it at load time but uses
// it only with its `cache` option, which apictl never sets (responses are not
// cached). `CacheError` stays a class so got's `instanceof` check still works.
export class CacheError extends Error {}
export default class CacheableRequest {
  constructor() {
    throw new Error('HTTP caching is not built into apictl (got was bundled without cacheable-request)')
  }
}
