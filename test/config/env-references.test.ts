import { describe, expect, it } from 'vitest'
import type { Profile } from '../../src/config/profile.js'
import { expandEnvReferences, expandProfile } from '../../src/config/resolve-profile.js'
import { ConfigError } from '../../src/core/errors.js'

const profile: Profile = {
  rest: `https://\${env:API_HOST}/v1`,
  headers: { 'X-Api-Key': `\${env:API_KEY}`, Accept: 'application/json' },
  auth: {
    oauth2: { tokenUrl: 'https://auth.example.com/token', clientId: 'cli', clientSecret: `\${env:SECRET}` },
  },
  timeout: 5,
  insecure: false,
}
const env = { API_HOST: 'api.example.com', API_KEY: 'k-123', SECRET: 's3cret' }

describe('expandEnvReferences', () => {
  it('replaces every reference in a string', () => {
    expect(expandEnvReferences(`\${env:A}-\${env:B}-\${env:A}`, { A: '1', B: '2' })).toBe('1-2-1')
  })

  it('expands deep inside a profile and leaves the original unchanged', () => {
    const expanded = expandEnvReferences(profile, env)
    expect(expanded).toEqual({
      rest: 'https://api.example.com/v1',
      headers: { 'X-Api-Key': 'k-123', Accept: 'application/json' },
      auth: {
        oauth2: { tokenUrl: 'https://auth.example.com/token', clientId: 'cli', clientSecret: 's3cret' },
      },
      timeout: 5,
      insecure: false,
    })
    expect(profile.headers?.['X-Api-Key']).toBe(`\${env:API_KEY}`)
    expect(profile.auth?.oauth2?.clientSecret).toBe(`\${env:SECRET}`)
  })

  it('keeps an empty variable as an empty value, and text that is not a reference as is', () => {
    expect(expandEnvReferences(`a\${env:EMPTY}b $HOME \${HOME} \${env:}`, { EMPTY: '' })).toBe(
      `ab $HOME \${HOME} \${env:}`,
    )
  })

  it('names the missing variable, the field and the profile', () => {
    const error = (() => {
      try {
        expandProfile({ name: 'staging', profile, builtin: false }, { API_HOST: 'h', API_KEY: 'k' })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ConfigError)
    const configError = error as ConfigError
    expect(configError.message).toContain('SECRET is not set')
    expect(configError.message).toContain('"auth.oauth2.clientSecret" of profile "staging"')
    expect(configError.hint).toMatch(/^Set SECRET or edit the profile/)
  })
})
