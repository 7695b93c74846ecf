import { describe, expect, it } from 'vitest'
import { formatRequestHead } from '../../src/render/format-request-head.js'

describe('formatRequestHead', () => {
  it('prints the request line, Host and the headers', () => {
    const head = formatRequestHead(
      {
        method: 'get',
        url: 'http://127.0.0.1:8080/v1/books?q=a%20b#frag',
        headers: { Accept: 'application/json' },
      },
      { colour: false },
    )
    expect(head).toBe('GET /v1/books?q=a%20b HTTP/1.1\nHost: 127.0.0.1:8080\nAccept: application/json')
  })

  it('uses / for an empty path, omits default ports and keeps a given Host', () => {
    expect(
      formatRequestHead(
        { method: 'HEAD', url: 'https://api.example.com:443', headers: {} },
        { colour: false },
      ),
    ).toBe('HEAD / HTTP/1.1\nHost: api.example.com')
    expect(
      formatRequestHead(
        { method: 'GET', url: 'https://a.test?x=1', headers: { host: 'b.test' } },
        { colour: false },
      ),
    ).toBe('GET /?x=1 HTTP/1.1\nHost: b.test')
  })

  it('shows credentials as given unless asked to redact', () => {
    const request = {
      method: 'POST',
      url: 'https://user:hunter2@api.test/v1/x?access_token=tok123',
      headers: { Authorization: 'Bearer eyJsecret', 'X-Api-Key': 'k-999' },
    }
    const exact = formatRequestHead(request, { colour: false })
    expect(exact).toContain('access_token=tok123')
    expect(exact).toContain('Bearer eyJsecret')
    const hidden = formatRequestHead(request, { colour: false, redact: true })
    for (const secret of ['hunter2', 'tok123', 'eyJsecret', 'k-999']) expect(hidden).not.toContain(secret)
    expect(hidden).toBe(
      'POST /v1/x?access_token=•••• HTTP/1.1\nHost: api.test\nAuthorization: Bearer ••••\nX-Api-Key: ••••',
    )
  })

  it('colours the method', () => {
    expect(
      formatRequestHead({ method: 'GET', url: 'http://a.test/', headers: {} }, { colour: true }),
    ).toContain('\u001b[1;32mGET\u001b[0m')
  })
})
