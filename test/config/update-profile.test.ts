import { describe, expect, it } from 'vitest'
import { updateProfile } from '../../src/config/update-profile.js'
import { UsageError } from '../../src/core/errors.js'

describe('updateProfile', () => {
  it(`accepts URLs built from \${env:NAME} references`, () => {
    const { profile } = updateProfile(undefined, {
      rest: `\${env:REST_URL}`,
      graphql: `https://\${env:HOST}:\${env:PORT}/graphql`,
    })
    expect(profile).toEqual({
      rest: `\${env:REST_URL}`,
      graphql: `https://\${env:HOST}:\${env:PORT}/graphql`,
    })
  })

  it('replaces one kind of auth with another', () => {
    const { profile, changed } = updateProfile({ auth: { user: 'a:b' } }, { token: `\${env:TOKEN}` })
    expect(profile.auth).toEqual({ token: `\${env:TOKEN}` })
    expect(changed).toEqual(['auth'])
  })

  it('adjusts stored OAuth2 settings without repeating the token URL', () => {
    const existing = {
      auth: { oauth2: { tokenUrl: 'https://a.test/token', clientId: 'id', clientSecret: 'old' } },
    }
    const { profile } = updateProfile(existing, { clientSecret: `\${env:NEW}`, scope: 'read write' })
    expect(profile.auth?.oauth2).toEqual({
      tokenUrl: 'https://a.test/token',
      clientId: 'id',
      clientSecret: `\${env:NEW}`,
      scope: 'read write',
    })
    expect(existing.auth.oauth2.clientSecret).toBe('old')
  })

  it.each([
    [{ user: 'alice', token: 't' }, /one kind of auth/],
    [{ user: 'alice' }, /USER:PASS/],
    [{ oauth2: 'https://a.test/token', clientId: 'id' }, /needs --client-secret/],
    [{ clientId: 'id' }, /go with --oauth2/],
    [{ oauth2: 'mailto:x@y.test', clientId: 'i', clientSecret: 's' }, /--oauth2 needs an http or https URL/],
    [{ timeout: 0 }, /positive number/],
    [{ timeout: Number.NaN }, /positive number/],
    [{ header: ['X-A: one\rtwo'] }, /control character/],
    [{ header: ['Bad Name: x'] }, /expected 'Name: value'/],
    [{ wsdl: 'https://' }, /http or https URL/],
  ])('rejects %j', (options, message) => {
    expect(() => updateProfile(undefined, options)).toThrow(UsageError)
    expect(() => updateProfile(undefined, options)).toThrow(message)
  })

  it('turns insecure off with false', () => {
    expect(updateProfile({ insecure: true }, { insecure: false }).profile).toEqual({})
  })
})
