import { loadActiveProfile } from '../config/active-profile.js'
import type { Profile } from '../config/profile.js'
import { expandProfile } from '../config/resolve-profile.js'
import type { Context } from '../core/context.js'
import { prepareLocalStore } from './local-store.js'
import { SERVE_DEFAULT_URL, type Target, targetsFromBase } from './target.js'

export interface OpenTargetOptions {
  profileName?: string
  /** False when nothing will be sent (--dry-run, --curl): the embedded server is not started. */
  send: boolean
  /** Whether to say on stderr that the embedded server was started (once per process). */
  announce?: boolean
}

/**
 * A target whose embedded server starts only when something needs it (a
 * `soap` run that must read the built-in WSDL or send): opened once, never
 * closed and reopened.
 */
export interface LazyTarget {
  /** The target as it is now: for the built-in profile before start(), `apictl serve`'s addresses. */
  readonly current: Target
  /** True once start() started the built-in server (a target opened ready never is). */
  readonly startedOnDemand: boolean
  /** The target ready to send to: the built-in server started (once); any other as it is. */
  start(): Promise<Target>
  /** Stops what start() started. */
  close(): Promise<void>
}

let announced = false

/**
 * Chooses the profile and returns where each style is served. For the
 * built-in `local` profile it starts the reference server in-process on an
 * ephemeral port, over the local store (a SQLite file in the data dir that
 * lasts across commands and is shared with other apictl processes), and says
 * so once on stderr, naming the store.
 */
export async function openTarget(options: OpenTargetOptions, ctx: Context): Promise<Target> {
  const lazy = await openLazyTarget(options, ctx)
  return options.send ? lazy.start() : lazy.current
}

/** As openTarget, with the built-in server started on the first start() only. */
export async function openLazyTarget(
  options: Omit<OpenTargetOptions, 'send'>,
  ctx: Context,
): Promise<LazyTarget> {
  const resolved = await loadActiveProfile({ profileName: options.profileName }, ctx.env)
  const profile = expandProfile(resolved, ctx.env)
  if (!resolved.builtin) {
    const { rest, graphql, soap, wsdl } = profile
    const target = { profileName: resolved.name, builtin: false, rest, graphql, soap, wsdl, profile }
    return readyTarget({ ...target, close: async () => {} })
  }
  let current: Target = {
    profileName: resolved.name,
    builtin: true,
    ...targetsFromBase(SERVE_DEFAULT_URL),
    // The REST base, for an --oauth2 token URL given as a path.
    profile: { ...profile, rest: SERVE_DEFAULT_URL },
    close: async () => {},
  }
  let starting: Promise<Target> | undefined
  return {
    get current() {
      return current
    },
    get startedOnDemand() {
      return starting !== undefined
    },
    start() {
      starting ??= startBuiltin(resolved.name, profile, options.announce, ctx).then((started) => {
        current = started
        return started
      })
      return starting
    },
    close: () => current.close(),
  }
}

/**
 * A target that is already what it will be: another profile's, or one a REPL
 * session or a library client opened and will close itself (close() here
 * stops nothing).
 */
export function readyTarget(target: Target): LazyTarget {
  return { current: target, startedOnDemand: false, start: async () => target, close: async () => {} }
}

async function startBuiltin(
  profileName: string,
  profile: Profile,
  announce: boolean | undefined,
  ctx: Context,
): Promise<Target> {
  const dataFile = prepareLocalStore(ctx.env)
  const { startServer } = await import('../server/reference/start-server.js')
  // unref: an idle embedded server never keeps the process alive (a library script may not call close()).
  const server = await startServer({ port: 0, host: '127.0.0.1', unref: true, dataFile, shareDataFile: true })
  if (announce !== false && !announced) {
    announced = true
    ctx.stderr.write(
      `apictl: profile local: started the built-in reference server at ${server.url} (store: ${server.dataFile ?? dataFile})\n`,
    )
  }
  return {
    profileName,
    builtin: true,
    ...targetsFromBase(server.url),
    profile: { ...profile, rest: server.url },
    close: () => server.close(),
  }
}
