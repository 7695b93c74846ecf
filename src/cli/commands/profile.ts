import { loadConfig, saveConfig } from '../../config/config-store.js'
import { isOnlyEnvReferences } from '../../config/env-references.js'
import { configFile } from '../../config/paths.js'
import { type ConfigFile, LOCAL_PROFILE_NAME, type Profile } from '../../config/profile.js'
import { checkProfileName, type ProfileAddOptions } from '../../config/profile-options.js'
import { builtinProfileText, profileText } from '../../config/profile-text.js'
import { redactProfile } from '../../config/redact-profile.js'
import {
  profileNames,
  refuseBuiltinProfile,
  selectedProfileName,
  unknownProfileError,
} from '../../config/resolve-profile.js'
import { updateProfile } from '../../config/update-profile.js'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import { resetLocalStore } from '../../exchange/local-store.js'
import type { ProfileShowOptionValues } from '../../options/profile-command-options.js'

export type { ProfileAddOptions } from '../../config/profile-options.js'

/**
 * `apictl profile list|show|add|use|remove|reset` (SPEC §2). Data goes to stdout,
 * confirmations and notes to stderr. Failures are thrown as ApictlError for
 * the one error boundary to report.
 */

/** One name a line, the active one marked `*`, `local (built-in)` first. */
export async function runProfileList(ctx: Context): Promise<number> {
  const config = await loadConfig(configFile(ctx.env))
  const active = selectedProfileName({}, ctx.env, config)
  const names = profileNames(config)
  for (const name of names) {
    const marker = name === active.name ? '*' : ' '
    ctx.stdout.write(`${marker} ${name}${name === LOCAL_PROFILE_NAME ? ' (built-in)' : ''}\n`)
  }
  if (!names.includes(active.name)) {
    ctx.stderr.write(`Warning: ${active.source} names profile "${active.name}", which does not exist.\n`)
  }
  return ExitCode.Ok
}

/** The profile (the active one when `name` is undefined), secrets redacted; pretty on a terminal, else JSON. */
export async function runProfileShow(
  name: string | undefined,
  options: ProfileShowOptionValues,
  ctx: Context,
): Promise<number> {
  const config = await loadConfig(configFile(ctx.env))
  const activeName = selectedProfileName({}, ctx.env, config).name
  const shownName = name ?? activeName
  const output = options.output ?? (ctx.stdout.isTTY ? 'pretty' : 'json')
  const active = shownName === activeName
  if (shownName === LOCAL_PROFILE_NAME) {
    const text = builtinProfileText(shownName, active)
    ctx.stdout.write(output === 'json' ? json({ name: shownName, builtin: true, active, profile: {} }) : text)
    return ExitCode.Ok
  }
  const profile = storedProfile(config, shownName)
  if (profile === undefined) throw unknownProfileError(shownName, config)
  const rendered =
    output === 'json'
      ? json({ name: shownName, builtin: false, active, profile: redactProfile(profile) })
      : profileText(shownName, profile, active)
  ctx.stdout.write(rendered)
  return ExitCode.Ok
}

/** Adds a profile, or merges the options into an existing one (and says so). */
export async function runProfileAdd(name: string, options: ProfileAddOptions, ctx: Context): Promise<number> {
  refuseBuiltinProfile(name, 'add')
  checkProfileName(name)
  const file = configFile(ctx.env)
  const config = await loadConfig(file)
  const existing = storedProfile(config, name)
  const { profile, changed } = updateProfile(existing, options)
  if (existing !== undefined && changed.length === 0) {
    ctx.stderr.write(`Profile "${name}" already exists; no options given, so nothing changed.\n`)
    return ExitCode.Ok
  }
  config.profiles[name] = profile
  await saveConfig(file, config)
  if (existing === undefined) {
    ctx.stderr.write(`Added profile "${name}" to ${file}.\n`)
    ctx.stderr.write(`Use it with --profile ${name}, or make it the default: apictl profile use ${name}\n`)
  } else {
    ctx.stderr.write(`Profile "${name}" already existed: updated ${changed.join(', ')} in ${file}.\n`)
  }
  const clear = secretsInClear(options)
  if (clear.length > 0) {
    ctx.stderr.write(
      `Note: ${clear.join(' and ')} ${clear.length === 1 ? 'is' : 'are'} stored in clear (file mode 0600); write \${env:NAME} to keep ${clear.length === 1 ? 'it' : 'them'} out of the file.\n`,
    )
  }
  return ExitCode.Ok
}

/** Makes `name` the default profile (`local` clears the choice). */
export async function runProfileUse(name: string, ctx: Context): Promise<number> {
  const file = configFile(ctx.env)
  const config = await loadConfig(file)
  if (name === LOCAL_PROFILE_NAME) delete config.current
  else if (storedProfile(config, name) === undefined) throw unknownProfileError(name, config)
  else config.current = name
  await saveConfig(file, config)
  ctx.stderr.write(`Now using profile "${name}"${name === LOCAL_PROFILE_NAME ? ' (built-in)' : ''}.\n`)
  const fromEnv = ctx.env.APICTL_PROFILE
  if (fromEnv !== undefined && fromEnv.trim() !== '' && fromEnv !== name) {
    ctx.stderr.write(`Note: APICTL_PROFILE=${fromEnv} is set and takes precedence in this environment.\n`)
  }
  return ExitCode.Ok
}

export async function runProfileRemove(name: string, ctx: Context): Promise<number> {
  refuseBuiltinProfile(name, 'remove')
  const file = configFile(ctx.env)
  const config = await loadConfig(file)
  if (storedProfile(config, name) === undefined) throw unknownProfileError(name, config, undefined, true)
  delete config.profiles[name]
  const wasCurrent = config.current === name
  if (wasCurrent) delete config.current
  await saveConfig(file, config)
  ctx.stderr.write(`Removed profile "${name}" from ${file}.\n`)
  if (wasCurrent)
    ctx.stderr.write(`It was the default; the default is now "${LOCAL_PROFILE_NAME}" (built-in).\n`)
  return ExitCode.Ok
}

/** `profile reset local`: the local store back to the seed; other profiles have no store here to reset. */
export async function runProfileReset(name: string, ctx: Context): Promise<number> {
  if (name !== LOCAL_PROFILE_NAME) {
    const config = await loadConfig(configFile(ctx.env))
    if (storedProfile(config, name) === undefined) throw unknownProfileError(name, config)
    throw new UsageError(
      `Profile "${name}" has no store to reset: only the built-in "local" profile keeps one.`,
      {
        hint: `To reset the local store: apictl profile reset ${LOCAL_PROFILE_NAME}`,
      },
    )
  }
  const file = await resetLocalStore(ctx.env)
  ctx.stderr.write(`Reset the local profile's store to the seed: ${file}\n`)
  return ExitCode.Ok
}

function storedProfile(config: ConfigFile, name: string): Profile | undefined {
  return name !== LOCAL_PROFILE_NAME && Object.hasOwn(config.profiles, name)
    ? config.profiles[name]
    : undefined
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`
}

/** The secrets among the options that are literal rather than `${env:NAME}` references. */
function secretsInClear(options: ProfileAddOptions): string[] {
  const password = options.user?.includes(':') ? options.user.slice(options.user.indexOf(':') + 1) : undefined
  const secrets: [string, string | undefined][] = [
    ['the password', password],
    ['the token', options.token],
    ['the client secret', options.clientSecret],
  ]
  return secrets
    .filter(([, value]) => value !== undefined && value !== '' && !isOnlyEnvReferences(value))
    .map(([label]) => label)
}
