import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, saveConfig } from '../../src/config/config-store.js'
import type { ConfigFile } from '../../src/config/profile.js'
import { ConfigError } from '../../src/core/errors.js'
import { useTempDirs } from './temp-dir.js'

const tempDir = useTempDirs()
const posix = process.platform !== 'win32'

const sample: ConfigFile = {
  version: 1,
  current: 'staging',
  profiles: {
    staging: {
      rest: 'https://staging.example.com/api',
      headers: { 'X-Api-Key': `\${env:STAGING_KEY}` },
      auth: { user: `alice:\${env:ALICE_PASSWORD}` },
      timeout: 12,
      insecure: true,
    },
  },
}

async function refusal(file: string): Promise<ConfigError> {
  const error = await loadConfig(file).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(ConfigError)
  return error as ConfigError
}

describe('loadConfig', () => {
  it('reads a missing file as an empty config', async () => {
    const file = join(await tempDir(), 'nowhere', 'config.json')
    expect(await loadConfig(file)).toEqual({ version: 1, profiles: {} })
  })

  it('reads an empty file as an empty config', async () => {
    const file = join(await tempDir(), 'config.json')
    await writeFile(file, '  \n')
    expect(await loadConfig(file)).toEqual({ version: 1, profiles: {} })
  })

  it(`round-trips what saveConfig wrote, keeping \${env:NAME} literally`, async () => {
    const file = join(await tempDir(), 'config.json')
    await saveConfig(file, sample)
    expect(await loadConfig(file)).toEqual(sample)
    expect(await readFile(file, 'utf8')).toContain(`"X-Api-Key": "\${env:STAGING_KEY}"`)
  })

  it('refuses invalid JSON with the file, a line and column, and leaves it untouched', async () => {
    const file = join(await tempDir(), 'config.json')
    const corrupt = '{\n  "version": 1,\n  "profiles": { "a": { "rest": x } }\n}\n'
    await writeFile(file, corrupt)
    const error = await refusal(file)
    expect(error.message).toContain(file)
    expect(error.message).toContain('line 3, column 32')
    expect(error.hint).toMatch(/untouched/)
    expect(error.exitCode).toBe(2)
    expect(await readFile(file, 'utf8')).toBe(corrupt)
  })

  it('refuses a config of the wrong shape, naming the field', async () => {
    const file = join(await tempDir(), 'config.json')
    await writeFile(file, JSON.stringify({ version: 1, profiles: { a: { timeout: 'soon' } } }))
    const error = await refusal(file)
    expect(error.message).toMatch(/profile "a": "timeout" must be a positive number/)
  })

  it('refuses a config from a newer version', async () => {
    const file = join(await tempDir(), 'config.json')
    await writeFile(file, JSON.stringify({ version: 2, profiles: {} }))
    expect((await refusal(file)).message).toMatch(/newer apictl/)
  })

  it('refuses a config path it cannot read', async () => {
    const file = join(await tempDir(), 'config.json')
    await mkdir(file)
    const error = await refusal(file)
    expect(error.message).toMatch(/Could not read config file/)
    expect(error.where).toBe(file)
  })
})

describe('saveConfig', () => {
  it.runIf(posix)('creates the directory 0700 and the file 0600', async () => {
    const dir = join(await tempDir(), 'new', 'apictl')
    const file = join(dir, 'config.json')
    await saveConfig(file, sample)
    expect((await stat(dir)).mode & 0o777).toBe(0o700)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it.runIf(posix)('narrows an existing wider file to 0600 and leaves no temp files', async () => {
    const dir = await tempDir()
    const file = join(dir, 'config.json')
    await writeFile(file, '{}', { mode: 0o644 })
    await saveConfig(file, sample)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await readdir(dir)).toEqual(['config.json'])
  })

  it('reports a directory it cannot write as a ConfigError', async () => {
    const dir = await tempDir()
    await writeFile(join(dir, 'blocker'), 'a file where a directory should be')
    const error = await saveConfig(join(dir, 'blocker', 'config.json'), sample).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).message).toMatch(/Could not write config file/)
  })
})
