import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { fileProblem } from '../../core/file-problem.js'
import type { HttpFile } from '../../runfile/http-file.js'
import { parseHttpFile } from '../../runfile/parse-http-file.js'
import { readEnvironment } from './read-env-files.js'

/** A request file read and parsed, with the --env environment beside it. */
export interface LoadedRequestFile {
  file: HttpFile
  environment: Record<string, string>
}

/** Files larger than this are refused (a request file is text a person writes). */
const MAX_FILE_BYTES = 16 * 1024 * 1024

export async function loadRequestFile(
  path: string,
  environmentName: string | undefined,
  ctx: Context,
): Promise<LoadedRequestFile> {
  const absolute = resolve(ctx.cwd, path)
  let bytes: Buffer
  try {
    bytes = await readFile(absolute)
  } catch (error) {
    throw new UsageError(`Cannot read ${path} (${fileProblem(error)}).`, {
      hint: 'apictl run FILE.http runs the requests of a .http file (JetBrains HTTP Client / httpYac syntax).',
    })
  }
  if (bytes.length > MAX_FILE_BYTES) {
    throw new UsageError(`${path} is ${bytes.length} bytes; a request file may be at most 16 MiB.`)
  }
  const file = parseHttpFile(bytes.toString('utf8'), path)
  return { file, environment: await readEnvironment(absolute, environmentName) }
}
