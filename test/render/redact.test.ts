import { describe, expect, it } from 'vitest'
import { redact, redactHeaders, redactUrl } from '../../src/render/redact.js'

describe('redact', () => {
  it('keeps the scheme of credentials and hides every secret', () => {
    const headers = {
      Authorization: 'Basic dXNlcjpzM2NyZXQ=',
      'proxy-authorization': 'Bearer proxy-tok',
      Cookie: 'session=cookie-a; theme=cookie-b',
      'X-Api-Key': 'api-key-1',
      'x-auth-token': 'auth-tok-2',
      'Ocp-Apim-Subscription-Key': 'sub-key-3',
      'X-Client-Secret': 'secret-4',
      Accept: 'application/json',
    }
    const redacted = redact(headers)
    expect(redacted).toEqual({
      Authorization: 'Basic ••••',
      'proxy-authorization': 'Bearer ••••',
      Cookie: 'session=••••; theme=••••',
      'X-Api-Key': '••••',
      'x-auth-token': '••••',
      'Ocp-Apim-Subscription-Key': '••••',
      'X-Client-Secret': '••••',
      Accept: 'application/json',
    })
    const text = JSON.stringify(redacted)
    for (const secret of [
      'dXNlcjpzM2NyZXQ',
      'proxy-tok',
      'cookie-a',
      'cookie-b',
      'api-key-1',
      'auth-tok-2',
      'sub-key-3',
      'secret-4',
    ]) {
      expect(text).not.toContain(secret)
    }
  })

  it('hides Set-Cookie values but keeps names and attributes, one per list entry', () => {
    expect(redactHeaders({ 'set-cookie': ['sid=abc123; Path=/; HttpOnly', 'pref=dark'] })).toEqual({
      'set-cookie': ['sid=••••; Path=/; HttpOnly', 'pref=••••'],
    })
  })

  it('hides a token given without a scheme', () => {
    expect(redact({ authorization: 'rawtoken' })).toEqual({ authorization: '••••' })
  })

  it('does not touch the input', () => {
    const headers = { Authorization: 'Bearer x' }
    redact(headers)
    expect(headers.Authorization).toBe('Bearer x')
  })
})

describe('redactUrl', () => {
  it('masks a userinfo password, even one holding @', () => {
    expect(redactUrl('https://alice:pa@ss@host.test:8443/p?q=1')).toBe(
      'https://alice:••••@host.test:8443/p?q=1',
    )
    expect(redactUrl('https://alice@host.test/')).toBe('https://alice@host.test/')
  })

  it('masks secret-looking query and fragment parameters and nothing else', () => {
    const url =
      'http://h.test/cb?page=2&access_token=AT1&API_KEY=AK2&client%5Fsecret=CS3&password=PW4&sig=SG5&flag#id_token=IT6&state=ok'
    const redacted = redactUrl(url)
    expect(redacted).toBe(
      'http://h.test/cb?page=2&access_token=••••&API_KEY=••••&client%5Fsecret=••••&password=••••&sig=••••&flag#id_token=••••&state=ok',
    )
    for (const secret of ['AT1', 'AK2', 'CS3', 'PW4', 'SG5', 'IT6']) expect(redacted).not.toContain(secret)
  })

  it('works on relative URLs and leaves plain URLs exactly as written', () => {
    expect(redactUrl('/v1/users?token=abc&limit=5')).toBe('/v1/users?token=••••&limit=5')
    expect(redactUrl('http://h.test/a%20b?x=%E2%9C%93#top')).toBe('http://h.test/a%20b?x=%E2%9C%93#top')
  })
})
