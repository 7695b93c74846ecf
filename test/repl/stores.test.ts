import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, UsageError } from '../../src/core/errors.js'
import { HISTORY_SIZE, HistoryFile } from '../../src/repl/store/history-file.js'
import { SavedRequests } from '../../src/repl/store/saved-requests.js'
import { useTempDirs } from '../config/temp-dir.js'

const tempDir = useTempDirs()

describe('the history file', () => {
  it('is private (0600), redacted, one line per entry, and read back oldest first', async () => {
    const path = join(await tempDir(), 'config', 'repl_history')
    const history = new HistoryFile(path)
    expect(await history.load()).toEqual([])
    await history.append('.auth basic demo:secret')
    await history.append('gql {\n  items { id }\n}')
    await history.append('get /v1/items --token abc')
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    expect(await readFile(path, 'utf8')).toBe(
      '.auth basic ••••\ngql { items { id } }\nget /v1/items --token ••••\n',
    )
    expect(await new HistoryFile(path).load()).toEqual([
      '.auth basic ••••',
      'gql { items { id } }',
      'get /v1/items --token ••••',
    ])
  })

  it('makes an existing wider file private, and trims to the newest entries', async () => {
    const path = join(await tempDir(), 'repl_history')
    const lines = Array.from({ length: HISTORY_SIZE * 2 }, (_, index) => `get /v1/items/${index}`)
    await writeFile(path, `${lines.join('\n')}\n`, { mode: 0o644 })
    const history = new HistoryFile(path)
    expect((await history.load()).length).toBe(HISTORY_SIZE)
    await history.append('.last')
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    await history.trim()
    const kept = (await readFile(path, 'utf8')).trim().split('\n')
    expect(kept.length).toBe(HISTORY_SIZE)
    expect(kept.at(-1)).toBe('.last')
    expect(kept[0]).toBe(`get /v1/items/${HISTORY_SIZE + 1}`)
  })
})

describe('saved requests', () => {
  it('keeps lines by name in a private file, across instances', async () => {
    const env = { APICTL_CONFIG_DIR: join(await tempDir(), 'config') }
    await SavedRequests.at(env).save('item', 'get /v1/items/{{id}}')
    await SavedRequests.at(env).save('count', 'gql { itemCount }')
    const saved = SavedRequests.at(env)
    expect((await saved.get('item'))?.line).toBe('get /v1/items/{{id}}')
    expect(Object.keys(await saved.list()).sort()).toEqual(['count', 'item'])
    expect(await saved.get('nope')).toBeUndefined()
    expect((await stat(saved.path)).mode & 0o777).toBe(0o600)
  })

  it('refuses a bad name, and a file it cannot read', async () => {
    const env = { APICTL_CONFIG_DIR: await tempDir() }
    await expect(SavedRequests.at(env).save('a/b', 'get /')).rejects.toThrow(UsageError)
    await writeFile(SavedRequests.at(env).path, '{not json')
    await expect(SavedRequests.at(env).list()).rejects.toThrow(ConfigError)
  })
})
