import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { UsageError } from '../../core/errors.js'
import { fileProblem } from '../../core/file-problem.js'

const PUBLIC = 'http-client.env.json'
const PRIVATE = 'http-client.private.env.json'

type EnvFile = Record<string, Record<string, unknown>>

/** One env file beside the request file, or undefined when there is none. */
async function readEnvFile(path: string): Promise<EnvFile | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new UsageError(`Cannot read ${path} (${fileProblem(error)}).`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new UsageError(`${path} is not JSON: ${(error as Error).message}.`, {
      hint: 'An environment file is { "dev": { "host": "…" }, "prod": { … } }.',
    })
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(`${path} is not an object of environments.`, {
      hint: 'An environment file is { "dev": { "host": "…" }, "prod": { … } }.',
    })
  }
  return parsed as EnvFile
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * The environment `--env NAME` chooses for a request file, as the JetBrains
 * HTTP Client lays it out: http-client.env.json beside the file, then
 * http-client.private.env.json over it, each `$shared` under the named one.
 * No --env: the `$shared` values only. A name neither file has is a usage
 * error listing the ones they have.
 */
export async function readEnvironment(
  requestFile: string,
  name: string | undefined,
): Promise<Record<string, string>> {
  const folder = dirname(requestFile)
  const files = [await readEnvFile(join(folder, PUBLIC)), await readEnvFile(join(folder, PRIVATE))]
  const values: Record<string, string> = {}
  for (const file of files) {
    for (const [key, value] of Object.entries(file?.$shared ?? {})) values[key] = asText(value)
  }
  if (name === undefined) return values
  const known = [...new Set(files.flatMap((file) => Object.keys(file ?? {})))].filter(
    (key) => key !== '$shared',
  )
  if (!known.includes(name)) {
    throw new UsageError(`No environment '${name}' in ${join(folder, PUBLIC)} or ${PRIVATE}.`, {
      where: '--env',
      hint:
        known.length > 0
          ? `Environments there: ${known.join(', ')}.`
          : `Write ${PUBLIC} beside the file: { "${name}": { "host": "…" } }.`,
    })
  }
  for (const file of files) {
    const chosen = file?.[name]
    if (typeof chosen !== 'object' || chosen === null) continue
    for (const [key, value] of Object.entries(chosen)) values[key] = asText(value)
  }
  return values
}
