import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Context } from '../../core/context.js'
import type { ServeOptionValues } from '../../options/serve-options.js'
import { startServer } from '../../server/reference/start-server.js'

/** Resolves on the first SIGINT or SIGTERM, or when the context's signal aborts. */
function stopRequested(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    const stop = (reason: string) => {
      process.off('SIGINT', onInterrupt)
      process.off('SIGTERM', onTerminate)
      signal?.removeEventListener('abort', onAbort)
      resolve(reason)
    }
    const onInterrupt = () => stop('SIGINT')
    const onTerminate = () => stop('SIGTERM')
    const onAbort = () => stop('abort')
    process.once('SIGINT', onInterrupt)
    process.once('SIGTERM', onTerminate)
    if (signal?.aborted) stop('abort')
    else signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * `apictl serve`: runs the reference server until Ctrl-C / SIGTERM, logging
 * each request on stderr unless --quiet (failures always); exits 0 once the
 * port is released.
 */
export async function runServe(options: ServeOptionValues, ctx: Context): Promise<number> {
  const logError = (line: string) => ctx.stderr.write(`${line}\n`)
  const dataFile = options.data === undefined ? undefined : resolve(ctx.cwd, options.data)
  const seedUnused = options.seed !== undefined && dataFile !== undefined && existsSync(dataFile)
  const server = await startServer({
    port: options.port,
    host: options.host,
    dataFile,
    seedFile: options.seed === undefined ? undefined : resolve(ctx.cwd, options.seed),
    publicHosts: options.publicHost,
    log: options.quiet ? undefined : logError,
    logError,
    env: ctx.env,
  })
  const store =
    server.dataFile === undefined
      ? 'store in memory'
      : `store in ${server.dataFile} (${server.dataFile.toLowerCase().endsWith('.json') ? 'JSON' : 'SQLite'})`
  if (seedUnused) ctx.stderr.write(`apictl serve: --seed not used: ${options.data} holds a store already\n`)
  ctx.stderr.write(`apictl serve: listening on ${server.url}\n`)
  ctx.stderr.write(
    `apictl serve: REST /v1 /v2 (try ${server.url}/v1/items), GraphQL /graphql, SOAP /soap?wsdl, OAuth POST /oauth/token; ${store}\n`,
  )
  if (options.publicHost !== undefined && options.publicHost.length > 0) {
    ctx.stderr.write(`apictl serve: also answering to ${options.publicHost.join(', ')}\n`)
  }
  const reason = await stopRequested(ctx.signal)
  await server.close()
  ctx.stderr.write(`apictl serve: stopped (${reason})\n`)
  return 0
}
