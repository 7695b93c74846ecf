import { describe, expect, it } from 'vitest'
import type { ConfigFile } from '../../src/config/profile.js'
import { LOCAL_PROFILE_NAME, profileNames, resolveProfile } from '../../src/config/resolve-profile.js'
import { ConfigError } from '../../src/core/errors.js'

const config: ConfigFile = {
  version: 1,
  current: 'staging',
  profiles: { staging: { rest: 'https://staging.example.com' }, prod: { rest: 'https://example.com' } },
}

function refusal(run: () => unknown): ConfigError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('expected a ConfigError')
}

describe('resolveProfile', () => {
  it('takes --profile over APICTL_PROFILE over current', () => {
    expect(resolveProfile({ profileName: 'prod' }, { APICTL_PROFILE: 'staging' }, config).name).toBe('prod')
    expect(resolveProfile({}, { APICTL_PROFILE: 'prod' }, config).name).toBe('prod')
    expect(resolveProfile({}, {}, config)).toEqual({
      name: 'staging',
      profile: { rest: 'https://staging.example.com' },
      builtin: false,
    })
  })

  it('falls back to the built-in local profile, which has no URLs', () => {
    const resolved = resolveProfile({}, { APICTL_PROFILE: '' }, { version: 1, profiles: {} })
    expect(resolved).toEqual({ name: LOCAL_PROFILE_NAME, profile: {}, builtin: true })
    expect(LOCAL_PROFILE_NAME).toBe('local')
  })

  it('selects local explicitly even when a current profile is set', () => {
    expect(resolveProfile({ profileName: 'local' }, {}, config).builtin).toBe(true)
  })

  it('refuses an unknown profile, listing the known ones and the closest', () => {
    const error = refusal(() => resolveProfile({}, { APICTL_PROFILE: 'stagin' }, config))
    expect(error.message).toBe('Unknown profile "stagin" (from APICTL_PROFILE). Did you mean "staging"?')
    expect(error.hint).toContain('local (built-in), prod, staging')
  })

  it('does not suggest a name that is far off', () => {
    const error = refusal(() => resolveProfile({ profileName: 'qa' }, {}, config))
    expect(error.message).toBe('Unknown profile "qa" (from --profile).')
  })

  it('does not treat inherited object keys as profiles', () => {
    refusal(() => resolveProfile({ profileName: 'constructor' }, {}, config))
  })

  it('lists local first, then the stored profiles sorted', () => {
    expect(profileNames(config)).toEqual(['local', 'prod', 'staging'])
  })
})
