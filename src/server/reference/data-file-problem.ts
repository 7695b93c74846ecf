import { ApictlError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'

/** Refuses a data file that is there but unusable (corrupt, another program's): it is left as it is. */
export function refuseDataFile(path: string, what: string, cause: unknown): never {
  throw new ApictlError(`the data file ${path} ${what}; apictl left it untouched`, ExitCode.Usage, {
    where: path,
    hint: `fix the file, or move it aside (mv ${path} ${path}.bad) and start again to get a fresh copy of the seed`,
    cause,
  })
}

/** A data file the server may not use as asked (locked by another server, read-only): nothing was changed. */
export function dataFileUnusable(path: string, what: string, hint: string, cause?: unknown): ApictlError {
  return new ApictlError(`the data file ${path} ${what}`, ExitCode.Usage, { where: path, hint, cause })
}
