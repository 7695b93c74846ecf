import type { Context } from '../core/context.js'
import { loadConfig } from './config-store.js'
import { configFile } from './paths.js'
import { type ResolvedProfile, resolveProfile } from './resolve-profile.js'

/** Reads config.json from the config dir and resolves the profile in force (unexpanded). */
export async function loadActiveProfile(
  options: { profileName?: string },
  env: Context['env'],
): Promise<ResolvedProfile> {
  return resolveProfile(options, env, await loadConfig(configFile(env)))
}
