import { UsageError } from '../../core/errors.js'
import { createRestHandler } from '../../protocols/rest/server/rest-handler.js'
import { Authenticator } from '../kit/auth/authenticator.js'
import { FailureThrottle, type FailureThrottleOptions } from '../kit/auth/failure-throttle.js'
import { TokenIssuer, tokenSettingsFromEnv } from '../kit/auth/token-issuer.js'
import { formatOrigin } from '../kit/http/base-url.js'
import { HostAllowList, publicHostProblem } from '../kit/http/host-allow-list.js'
import { RequestGuard } from '../kit/http/request-guard.js'
import type { MountDefinition, ServerServices } from '../kit/mount.js'
import { Store } from '../kit/store.js'
import { LazyMount } from './lazy-mount.js'
import { defaultMounts } from './mounts.js'
import { createNodeServer, type ServerLimits } from './node-server.js'
import { openDataFile } from './open-data-file.js'
import { createRouter } from './request-router.js'
import { loadSeed, loadSeedFile } from './seed.js'

export interface ServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /**
   * Keep the store in this file (created from the seed when missing): a JSON
   * document when the name ends in `.json`, else a SQLite database. Default:
   * in memory.
   */
  dataFile?: string
  /**
   * Share the data file with other apictl processes (the local profile's
   * store) instead of holding it alone (`apictl serve --data`). SQLite only.
   */
  shareDataFile?: boolean
  /**
   * A JSON store document (a `.json` data file's format, or an array of
   * items) a new store starts from instead of the built-in seed: the store in
   * memory, or a data file that does not exist yet.
   */
  seedFile?: string
  /** Receives one line per request: `GET /v1/items 200 1.2ms`. */
  log?: (line: string) => void
  /** Receives internal failures (a 500's cause, a mount that fails to load); default: `log`. */
  logError?: (line: string) => void
  /** Where APICTL_JWT_SECRET and APICTL_TOKEN_TTL are read; default process.env. */
  env?: Record<string, string | undefined>
  /** HS256 key for bearer tokens; overrides APICTL_JWT_SECRET. */
  jwtSecret?: string
  /** Lifetime of issued tokens; overrides APICTL_TOKEN_TTL. */
  tokenTtlSeconds?: number
  /** The lazily loaded halves beside REST; default GraphQL at /graphql and SOAP at /soap. */
  mounts?: readonly MountDefinition[]
  /**
   * Host names the server answers to beside localhost and its own address
   * (`apictl serve --public-host`), e.g. the name a proxy forwards; `.example.com`
   * stands for that domain and every name below it. Other Host headers get 421.
   */
  publicHosts?: readonly string[]
  /** Time limits on request heads, bodies and idle connections (see ServerLimits for the defaults). */
  limits?: Partial<ServerLimits>
  /** The budget of failed logins and token requests per client address (default 10, one more every 3 s). */
  loginThrottle?: FailureThrottleOptions
  /**
   * Let the process exit while the server is idle: neither the listening
   * socket nor idle keep-alive connections keep it alive, while a request
   * being answered does. For an embedded server (a library client's, a
   * command's), so a script that forgets close() still ends; close() works
   * the same. Default false (`apictl serve` runs until stopped).
   */
  unref?: boolean
}

export interface RunningServer {
  /** `http://127.0.0.1:PORT` */
  url: string
  port: number
  host: string
  store: Store
  /** The data file in use (symlinks followed), when there is one. */
  dataFile?: string
  auth: Authenticator
  /** Stops listening, ends keep-alive and in-flight connections, waits for pending writes. */
  close(): Promise<void>
}

async function openStore(options: ServerOptions, url: () => string | undefined): Promise<Store> {
  const { seedFile } = options
  const seed = seedFile === undefined ? loadSeed : () => loadSeedFile(seedFile)
  if (options.dataFile === undefined) return new Store(await seed())
  const { backend, index } = await openDataFile(options.dataFile, {
    seed,
    sharing: options.shareDataFile ? 'shared' : 'server',
    holder: () => ({ pid: process.pid, url: url() }),
  })
  return new Store(index, { backend })
}

/**
 * The reference server (SPEC §7): one node:http server with REST at /v1 and
 * /v2, the OAuth token endpoint, and GraphQL and SOAP mounted lazily, all
 * over one store.
 */
function checkPublicHosts(names: readonly string[]): void {
  for (const name of names) {
    const problem = publicHostProblem(name)
    if (problem !== undefined) {
      throw new UsageError(`--public-host ${JSON.stringify(name.slice(0, 100))} cannot be used: ${problem}`, {
        where: '--public-host',
        hint: 'give a name clients use to reach the server, e.g. --public-host api.example.test',
      })
    }
  }
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1'
  const publicHosts = options.publicHosts ?? []
  checkPublicHosts(publicHosts)
  const env = options.env ?? process.env
  const settings = tokenSettingsFromEnv(env)
  const tokens = new TokenIssuer({
    secret: options.jwtSecret ?? settings.secret,
    ttlSeconds: options.tokenTtlSeconds ?? settings.ttlSeconds,
  })
  const auth = new Authenticator(tokens, new FailureThrottle(options.loginThrottle))
  let origin = formatOrigin(host, options.port ?? 0)
  let listening = false
  const store = await openStore(options, () => (listening ? origin : undefined))
  const { log } = options
  const logError = options.logError ?? log
  const services: ServerServices = { store, auth, origin: () => origin, log: logError }
  const mounts = (options.mounts ?? defaultMounts).map((definition) => new LazyMount(definition, services))
  const route = createRouter({
    rest: createRestHandler(services),
    auth,
    mounts,
    log: logError,
    origin: () => origin,
  })
  let port = options.port ?? 0
  const guard = new RequestGuard({ hosts: new HostAllowList(host, publicHosts), port: () => port })
  const http = createNodeServer(route, mounts, log, { unref: options.unref, guard, limits: options.limits })
  try {
    port = await http.listen(port, host)
  } catch (error) {
    await store.close()
    throw error
  }
  origin = formatOrigin(host, port)
  listening = true

  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      await http.stop()
      await Promise.all(mounts.map((mount) => mount.close()))
      await store.close()
    })()
    return closing
  }
  return { url: origin, port, host, store, dataFile: store.location, auth, close }
}
