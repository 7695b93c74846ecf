import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { localStoreFile } from '../config/paths.js'
import type { Context } from '../core/context.js'
import { ApictlError } from '../core/errors.js'
import { ExitCode } from '../core/exit-codes.js'

/**
 * The local profile's store file (SPEC §2), its directory made (0700) when
 * missing; the file itself is made from the seed on first use.
 */
export function prepareLocalStore(env: Context['env']): string {
  const file = localStoreFile(env)
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  } catch (error) {
    throw new ApictlError(
      `cannot make apictl's data dir ${dirname(file)} for the local profile's store: ${(error as Error).message}`,
      ExitCode.Usage,
      {
        where: dirname(file),
        hint: 'set APICTL_DATA_DIR to a writable directory, or use another profile (apictl profile list)',
        cause: error,
      },
    )
  }
  return file
}

/**
 * `apictl profile reset local`: puts the local store back to the seed, for
 * every process sharing it (a running REPL or subscription reloads).
 * Returns the file reset.
 */
export async function resetLocalStore(env: Context['env']): Promise<string> {
  const file = prepareLocalStore(env)
  const { resetDataFile } = await import('../server/reference/reset-data-file.js')
  return resetDataFile(file)
}
