import { loadActiveProfile } from '../config/active-profile.js'
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

let announced = false

/**
 * Chooses the profile and returns where each style is served. For the
 * built-in `local` profile it starts the reference server in-process on an
 * ephemeral port, over the local store (a SQLite file in the data dir that
 * lasts across commands and is shared with other apictl processes), and says
 * so once on stderr, naming the store.
 */
export async function openTarget(options: OpenTargetOptions, ctx: Context): Promise<Target> {
  const resolved = await loadActiveProfile({ profileName: options.profileName }, ctx.env)
  const profile = expandProfile(resolved, ctx.env)
  if (!resolved.builtin) {
    const { rest, graphql, soap, wsdl } = profile
    return {
      profileName: resolved.name,
      builtin: false,
      rest,
      graphql,
      soap,
      wsdl,
      profile,
      close: async () => {},
    }
  }
  if (!options.send) {
    return {
      profileName: resolved.name,
      builtin: true,
      ...targetsFromBase(SERVE_DEFAULT_URL),
      // The REST base, for an --oauth2 token URL given as a path.
      profile: { ...profile, rest: SERVE_DEFAULT_URL },
      close: async () => {},
    }
  }
  const dataFile = prepareLocalStore(ctx.env)
  const { startServer } = await import('../server/reference/start-server.js')
  // unref: an idle embedded server never keeps the process alive (a library script may not call close()).
  const server = await startServer({ port: 0, host: '127.0.0.1', unref: true, dataFile, shareDataFile: true })
  if (options.announce !== false && !announced) {
    announced = true
    ctx.stderr.write(
      `apictl: profile local: started the built-in reference server at ${server.url} (store: ${server.dataFile ?? dataFile})\n`,
    )
  }
  return {
    profileName: resolved.name,
    builtin: true,
    ...targetsFromBase(server.url),
    profile: { ...profile, rest: server.url },
    close: () => server.close(),
  }
}
