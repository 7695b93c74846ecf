import type { Context } from '../core/context.js'
import { ConfigError } from '../core/errors.js'
import { didYouMean } from './did-you-mean.js'
import { expandEnvReferences } from './env-references.js'
import { type ConfigFile, LOCAL_PROFILE_NAME, type Profile } from './profile.js'

export { expandEnvReferences } from './env-references.js'
export { LOCAL_PROFILE_NAME } from './profile.js'

export interface ResolvedProfile {
  name: string
  /** As stored: `${env:NAME}` references are not expanded yet (see expandProfile). */
  profile: Profile
  /** True for `local`, the embedded reference server (no URLs: the server fills them in). */
  builtin: boolean
}

export type ProfileSource = '--profile' | 'APICTL_PROFILE' | 'config "current"' | 'default'

/** The profile name in force and where it came from: --profile, else APICTL_PROFILE, else config.current, else local. */
export function selectedProfileName(
  options: { profileName?: string },
  env: Context['env'],
  config: ConfigFile,
): { name: string; source: ProfileSource } {
  if (options.profileName !== undefined) {
    if (options.profileName.trim() === '') {
      throw new ConfigError('--profile was given an empty name.', {
        where: '--profile',
        hint: `Name a profile (${knownProfileList(config)}), or leave --profile out.`,
      })
    }
    return { name: options.profileName, source: '--profile' }
  }
  const fromEnv = env.APICTL_PROFILE
  if (fromEnv !== undefined && fromEnv.trim() !== '') return { name: fromEnv, source: 'APICTL_PROFILE' }
  if (config.current !== undefined && config.current !== '')
    return { name: config.current, source: 'config "current"' }
  return { name: LOCAL_PROFILE_NAME, source: 'default' }
}

/** The active profile, unexpanded. An unknown name is a ConfigError listing the known ones. */
export function resolveProfile(
  options: { profileName?: string },
  env: Context['env'],
  config: ConfigFile,
): ResolvedProfile {
  const { name, source } = selectedProfileName(options, env, config)
  if (name === LOCAL_PROFILE_NAME) return { name, profile: {}, builtin: true }
  const profile = Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined
  if (profile === undefined) throw unknownProfileError(name, config, source)
  return { name, profile, builtin: false }
}

/** A copy of the profile with `${env:NAME}` references expanded; call at send time. */
export function expandProfile(resolved: ResolvedProfile, env: Context['env']): Profile {
  return expandEnvReferences(resolved.profile, env, { profile: resolved.name })
}

/** Every profile name a user can select, `local` first. */
export function profileNames(config: ConfigFile): string[] {
  const stored = Object.keys(config.profiles).filter((name) => name !== LOCAL_PROFILE_NAME)
  return [LOCAL_PROFILE_NAME, ...stored.sort()]
}

/** `removing`: the profile was to be removed, so adding it is no advice. */
export function unknownProfileError(
  name: string,
  config: ConfigFile,
  source?: ProfileSource,
  removing = false,
): ConfigError {
  const from = source === undefined || source === 'default' ? '' : ` (from ${source})`
  const suggestion = didYouMean(name, profileNames(config))
  const known = `Known profiles: ${knownProfileList(config)}`
  const fix =
    source === 'config "current"'
      ? `; or choose another with: apictl profile use NAME`
      : removing
        ? ' (nothing to remove)'
        : `; or add it with: apictl profile add ${name} --rest URL`
  return new ConfigError(`Unknown profile "${name}"${from}.${suggestion}`, {
    where: source === undefined || source === 'default' ? `profile ${name}` : source,
    hint: `${known}${fix}`,
  })
}

/** The built-in profile cannot be added, changed or removed by a user. */
export function refuseBuiltinProfile(name: string, action: 'add' | 'remove'): void {
  if (name !== LOCAL_PROFILE_NAME) return
  const verb = action === 'add' ? 'be added or changed' : 'be removed'
  throw new ConfigError(
    `"${LOCAL_PROFILE_NAME}" is the built-in profile (the embedded reference server); it cannot ${verb}.`,
    {
      where: `profile ${name}`,
      hint:
        action === 'add'
          ? 'Choose another name, e.g. apictl profile add dev --rest http://127.0.0.1:8080'
          : 'To stop using it, select another profile: apictl profile use NAME',
    },
  )
}

function knownProfileList(config: ConfigFile): string {
  return profileNames(config)
    .map((name) => (name === LOCAL_PROFILE_NAME ? `${name} (built-in)` : name))
    .join(', ')
}
