import { homedir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'
import type { Context } from '../core/context.js'

type Environment = Context['env']

/** A variable counts only when it is set and not empty. */
function setting(env: Environment, name: string): string | undefined {
  const value = env[name]
  return value === undefined || value === '' ? undefined : value
}

/** XDG base directories must be absolute; a relative one is ignored (XDG Base Directory spec). */
function xdgBase(env: Environment, name: string): string | undefined {
  const value = setting(env, name)
  return value !== undefined && isAbsolute(value) ? value : undefined
}

/** A file named by the user: `~/` is the home directory, anything else is relative to the current one. */
export function localPath(file: string, ctx: Pick<Context, 'env' | 'cwd'>): string {
  if (file === '~' || file.startsWith('~/')) return join(ctx.env.HOME ?? homedir(), file.slice(1))
  return resolve(ctx.cwd, file)
}

/** Where config.json lives: $APICTL_CONFIG_DIR, else $XDG_CONFIG_HOME/apictl, else ~/.config/apictl. */
export function configDir(env: Environment, home: string = homedir()): string {
  const explicit = setting(env, 'APICTL_CONFIG_DIR')
  if (explicit !== undefined) return explicit
  return join(xdgBase(env, 'XDG_CONFIG_HOME') ?? join(home, '.config'), 'apictl')
}

/** Where caches live: $APICTL_CACHE_DIR, else $XDG_CACHE_HOME/apictl, else ~/.cache/apictl. */
export function cacheDir(env: Environment, home: string = homedir()): string {
  const explicit = setting(env, 'APICTL_CACHE_DIR')
  if (explicit !== undefined) return explicit
  return join(xdgBase(env, 'XDG_CACHE_HOME') ?? join(home, '.cache'), 'apictl')
}

/** The profiles file: `config.json` in the config dir. */
export function configFile(env: Environment, home?: string): string {
  return join(configDir(env, home), 'config.json')
}

/** The OAuth2 token cache: `tokens.json` in the cache dir. */
export function tokenCacheFile(env: Environment, home?: string): string {
  return join(cacheDir(env, home), 'tokens.json')
}

/** Where data lives: $APICTL_DATA_DIR, else $XDG_DATA_HOME/apictl, else ~/.local/share/apictl. */
export function dataDir(env: Environment, home: string = homedir()): string {
  const explicit = setting(env, 'APICTL_DATA_DIR')
  if (explicit !== undefined) return explicit
  return join(xdgBase(env, 'XDG_DATA_HOME') ?? join(home, '.local', 'share'), 'apictl')
}

/** The local profile's store (SPEC §2): `local.db` in the data dir, a SQLite database. */
export function localStoreFile(env: Environment, home?: string): string {
  return join(dataDir(env, home), 'local.db')
}
