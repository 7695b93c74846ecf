// Preloaded with `node --import`: records every module URL the process resolves
// into the file named by TRACE_IMPORTS_FILE, so a test can see what start-up loads.
import { register } from 'node:module'

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from 'node:fs'
    export async function resolve(specifier, context, next) {
      const result = await next(specifier, context)
      appendFileSync(${JSON.stringify(process.env.TRACE_IMPORTS_FILE)}, result.url + '\\n')
      return result
    }
  `)}`,
)
