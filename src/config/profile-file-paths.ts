import type { Context } from '../core/context.js'
import { readTlsFiles } from '../transport/tls-files.js'
import { hasEnvReference } from './env-references.js'
import { localPath } from './paths.js'
import type { ProfileAddOptions } from './profile-options.js'

/**
 * `profile add --ca/--cert/--key FILE`: each path made absolute (the profile
 * is used from any directory) and checked to hold PEM of the right kind now,
 * not at the first request. `${env:NAME}` paths are kept as given and
 * checked when used; '' removes the field.
 */
export function profileFilePaths(
  options: ProfileAddOptions,
  ctx: Pick<Context, 'env' | 'cwd'>,
): ProfileAddOptions {
  const given = { ...options }
  for (const field of ['ca', 'cert', 'key'] as const) {
    const value = given[field]
    if (value !== undefined && value !== '' && !hasEnvReference(value)) given[field] = localPath(value, ctx)
  }
  const checked = (value: string | undefined) =>
    value === undefined || value === '' || hasEnvReference(value) ? undefined : value
  const cert = checked(given.cert)
  readTlsFiles(
    { ca: checked(given.ca), cert, key: cert === undefined ? undefined : checked(given.key) },
    ctx.cwd,
    ctx.env.HOME,
  )
  return given
}
