import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EXPIRY_MARGIN_MS, TokenCache, tokenCacheKey } from '../../src/config/token-cache.js'
import { useTempDirs } from './temp-dir.js'

const tempDir = useTempDirs()
const settings = { tokenUrl: 'https://auth.test/token', clientId: 'app', clientSecret: 'very-secret-value' }
const now = 1_700_000_000_000
const token = { accessToken: 'access-1', tokenType: 'Bearer', expiresAt: now + 3_600_000 }

async function cache(): Promise<TokenCache> {
  return new TokenCache(join(await tempDir(), 'cache', 'tokens.json'))
}

describe('tokenCacheKey', () => {
  it('changes with the token URL, client id, secret and scope', () => {
    const key = tokenCacheKey(settings)
    expect(tokenCacheKey({ ...settings })).toBe(key)
    expect(tokenCacheKey({ ...settings, tokenUrl: 'https://other.test/token' })).not.toBe(key)
    expect(tokenCacheKey({ ...settings, clientId: 'app2' })).not.toBe(key)
    expect(tokenCacheKey({ ...settings, clientSecret: 'rotated' })).not.toBe(key)
    expect(tokenCacheKey({ ...settings, scope: 'read' })).not.toBe(key)
  })
})

describe('TokenCache', () => {
  it('returns a stored token until 30 s before it expires', async () => {
    const tokens = await cache()
    const key = tokenCacheKey(settings)
    expect(await tokens.getCachedToken(key, now)).toBeUndefined()
    await tokens.storeToken(key, token, now)
    expect(await tokens.getCachedToken(key, now)).toEqual(token)
    expect(await tokens.getCachedToken(key, token.expiresAt - EXPIRY_MARGIN_MS - 1)).toEqual(token)
    expect(await tokens.getCachedToken(key, token.expiresAt - EXPIRY_MARGIN_MS)).toBeUndefined()
    expect(EXPIRY_MARGIN_MS).toBe(30_000)
  })

  it('refetches after a secret change: the new key finds nothing', async () => {
    const tokens = await cache()
    await tokens.storeToken(tokenCacheKey(settings), token, now)
    expect(
      await tokens.getCachedToken(tokenCacheKey({ ...settings, clientSecret: 'rotated' }), now),
    ).toBeUndefined()
  })

  it('persists across instances, 0600 in a 0700 directory, without the secret', async () => {
    const tokens = await cache()
    await tokens.storeToken(tokenCacheKey(settings), token, now)
    const reopened = new TokenCache(tokens.file)
    expect(await reopened.getCachedToken(tokenCacheKey(settings), now)).toEqual(token)
    const text = await readFile(tokens.file, 'utf8')
    expect(text).not.toContain(settings.clientSecret)
    if (process.platform !== 'win32') {
      expect((await stat(tokens.file)).mode & 0o777).toBe(0o600)
      expect((await stat(join(tokens.file, '..'))).mode & 0o777).toBe(0o700)
    }
  })

  it('drops expired entries when storing, and forgets on request', async () => {
    const tokens = await cache()
    await tokens.storeToken('old', { ...token, expiresAt: now + 1000 }, now)
    await tokens.storeToken('new', token, now + 2000)
    expect(Object.keys(JSON.parse(await readFile(tokens.file, 'utf8')).tokens)).toEqual(['new'])
    await tokens.forgetToken('new')
    expect(await tokens.getCachedToken('new', now)).toBeUndefined()
  })

  it('treats a corrupt file as empty and replaces it', async () => {
    const tokens = await cache()
    await tokens.storeToken('a', token, now)
    await writeFile(tokens.file, '{ not json')
    expect(await tokens.getCachedToken('a', now)).toBeUndefined()
    await tokens.storeToken('b', token, now)
    expect(JSON.parse(await readFile(tokens.file, 'utf8'))).toEqual({ version: 1, tokens: { b: token } })
    expect(await readdir(join(tokens.file, '..'))).toEqual(['tokens.json'])
  })

  it('ignores malformed entries', async () => {
    const tokens = await cache()
    await tokens.storeToken('a', token, now)
    await writeFile(tokens.file, JSON.stringify({ version: 1, tokens: { a: { accessToken: 1 }, b: token } }))
    expect(await tokens.getCachedToken('a', now)).toBeUndefined()
    expect(await tokens.getCachedToken('b', now)).toEqual(token)
  })
})
