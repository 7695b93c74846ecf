// Bundled in place of cacheable-lookup: got imports it at load time (which loads
// node:dns) but uses it only with its `dnsCache` option, which apictl never sets
// (the system resolver answers, as for curl). Touching it says so.
export default class CacheableLookup {
  constructor() {
    throw new Error('DNS caching is not built into apictl (got was bundled without cacheable-lookup)')
  }
}
