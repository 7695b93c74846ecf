import { ConfigError } from '../core/errors.js'
import { configShapeProblem, normaliseConfig } from './config-shape.js'
import { locateJsonError } from './json-error-location.js'
import { type ConfigFile, emptyConfig } from './profile.js'
import { readText } from './read-text.js'
import { writeFileAtomic } from './write-file-atomic.js'

const UNTOUCHED = 'apictl left the file untouched: fix it by hand, or move it away to start afresh.'

/**
 * Reads config.json. A missing (or empty) file is an empty config. A file that
 * cannot be read or is not valid is refused with a ConfigError, and nothing
 * later overwrites it (the caller never gets a config to save).
 */
export async function loadConfig(file: string): Promise<ConfigFile> {
  const text = await readConfigText(file)
  if (text === undefined || text.trim() === '') return emptyConfig()
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`Config file ${file} is not valid JSON: ${describeSyntaxError(text, error)}.`, {
      where: file,
      hint: UNTOUCHED,
      cause: error,
    })
  }
  const problem = configShapeProblem(data)
  if (problem !== undefined) {
    throw new ConfigError(`Config file ${file} is not a valid apictl config: ${problem}.`, {
      where: file,
      hint: UNTOUCHED,
    })
  }
  return normaliseConfig(data as Record<string, unknown>)
}

/** Writes config.json atomically: directory 0700 when created, file 0600 always. Values are written as given. */
export async function saveConfig(file: string, config: ConfigFile): Promise<void> {
  try {
    await writeFileAtomic(file, `${JSON.stringify(config, null, 2)}\n`)
  } catch (error) {
    throw new ConfigError(`Could not write config file ${file}: ${(error as Error).message}.`, {
      where: file,
      hint: 'Check that the config directory is writable, or point APICTL_CONFIG_DIR at one that is.',
      cause: error,
    })
  }
}

async function readConfigText(file: string): Promise<string | undefined> {
  try {
    return await readText(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new ConfigError(`Could not read config file ${file}: ${(error as Error).message}.`, {
      where: file,
      hint: `Check its permissions (it should be a file readable by you). ${UNTOUCHED}`,
      cause: error,
    })
  }
}

/** V8's reason without its position or echo of the text, plus a line and column of our own. */
function describeSyntaxError(text: string, error: unknown): string {
  const reason = String((error as Error).message)
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '')
  const location = locateJsonError(text)
  return location === undefined ? reason : `${reason} at line ${location.line}, column ${location.column}`
}
