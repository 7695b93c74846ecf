import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  cacheDir,
  configDir,
  configFile,
  dataDir,
  localStoreFile,
  tokenCacheFile,
} from '../../src/config/paths.js'

const home = '/home/someone'

describe('configDir', () => {
  it('prefers APICTL_CONFIG_DIR over XDG_CONFIG_HOME', () => {
    expect(configDir({ APICTL_CONFIG_DIR: '/a/b', XDG_CONFIG_HOME: '/xdg' }, home)).toBe('/a/b')
  })
  it('uses $XDG_CONFIG_HOME/apictl next', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/xdg' }, home)).toBe(join('/xdg', 'apictl'))
  })
  it('falls back to ~/.config/apictl', () => {
    expect(configDir({}, home)).toBe(join(home, '.config', 'apictl'))
  })
  it('treats empty variables as unset and ignores a relative XDG_CONFIG_HOME', () => {
    expect(configDir({ APICTL_CONFIG_DIR: '', XDG_CONFIG_HOME: 'relative' }, home)).toBe(
      join(home, '.config', 'apictl'),
    )
  })
  it('names config.json inside it', () => {
    expect(configFile({ APICTL_CONFIG_DIR: '/a' })).toBe(join('/a', 'config.json'))
  })
})

describe('cacheDir', () => {
  it('prefers APICTL_CACHE_DIR, then $XDG_CACHE_HOME/apictl, then ~/.cache/apictl', () => {
    expect(cacheDir({ APICTL_CACHE_DIR: '/c', XDG_CACHE_HOME: '/xdg' }, home)).toBe('/c')
    expect(cacheDir({ XDG_CACHE_HOME: '/xdg' }, home)).toBe(join('/xdg', 'apictl'))
    expect(cacheDir({ XDG_CONFIG_HOME: '/config' }, home)).toBe(join(home, '.cache', 'apictl'))
  })
  it('names tokens.json inside it', () => {
    expect(tokenCacheFile({ APICTL_CACHE_DIR: '/c' })).toBe(join('/c', 'tokens.json'))
  })
})

describe('dataDir', () => {
  it('prefers APICTL_DATA_DIR, then $XDG_DATA_HOME/apictl, then ~/.local/share/apictl', () => {
    expect(dataDir({ APICTL_DATA_DIR: '/d', XDG_DATA_HOME: '/xdg' }, home)).toBe('/d')
    expect(dataDir({ XDG_DATA_HOME: '/xdg' }, home)).toBe(join('/xdg', 'apictl'))
    expect(dataDir({ XDG_DATA_HOME: 'relative', APICTL_DATA_DIR: '' }, home)).toBe(
      join(home, '.local', 'share', 'apictl'),
    )
  })
  it("names the local profile's store local.db inside it", () => {
    expect(localStoreFile({ APICTL_DATA_DIR: '/d' })).toBe(join('/d', 'local.db'))
  })
})
