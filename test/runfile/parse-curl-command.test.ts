import { describe, expect, it } from 'vitest'
import { UsageError } from '../../src/core/errors.js'
import type { HttpRequest } from '../../src/core/exchange.js'
import { curlCommand } from '../../src/render/curl-command.js'
import { parseCurlCommand } from '../../src/runfile/parse-curl-command.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'

/** What a parsed command says of the request, in HttpRequest's terms, to compare with the request `--curl` was made from. */
function sameRequest(request: HttpRequest) {
  const parsed = parseCurlCommand(curlCommand(request))
  const headers = Object.entries(request.headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((each) => [name, each]),
  )
  expect(parsed.method).toBe(request.method)
  expect(parsed.url).toBe(request.url)
  expect(parsed.headers).toEqual(
    request.form ? headers.filter(([name]) => name!.toLowerCase() !== 'content-type') : headers,
  )
  return parsed
}

describe('parseCurlCommand: apictl --curl output parses back to the same request', () => {
  it('GET, HEAD, an empty header, a DELETE without body', () => {
    sameRequest({
      method: 'GET',
      url: 'http://127.0.0.1:4000/v1/items?tag=office&q=a%20b',
      headers: { Accept: 'application/json', 'X-Empty': '' },
    })
    sameRequest({ method: 'HEAD', url: 'http://h/v1/items/1', headers: {} })
    sameRequest({
      method: 'DELETE',
      url: 'http://h/v1/items/1',
      headers: { Authorization: 'Basic ZGVtbzpkZW1v' },
    })
  })

  it('a body with quotes, newlines, $ and unicode', () => {
    const body = `{"name":"it's a \\"pen\\"","note":"line one\nline two $HOME \`id\`","price":1.5,"emoji":"✓"}`
    const parsed = sameRequest({
      method: 'POST',
      url: 'http://h/v1/items',
      headers: { 'Content-Type': 'application/json', 'X-Trace': "a'b" },
      body,
    })
    expect(parsed.body).toBe(body)
    expect(parsed.urlencoded).toBeUndefined()
  })

  it('a urlencoded form and a multipart form with files', () => {
    const urlencoded = sameRequest({
      method: 'POST',
      url: 'http://h/form',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Pen&note=a+b%26c',
      form: {
        multipart: false,
        fields: [
          ['name', 'Pen'],
          ['note', 'a b&c'],
        ],
        files: [],
      },
    })
    expect([...new URLSearchParams(urlencoded.body)]).toEqual([
      ['name', 'Pen'],
      ['note', 'a b&c'],
    ])
    const multipart = sameRequest({
      method: 'POST',
      url: 'http://h/upload',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      form: {
        multipart: true,
        fields: [['title', 'a;b "c"']],
        files: [
          {
            field: 'file',
            path: '/tmp/my file;1.png',
            filename: 'my file;1.png',
            contentType: 'image/png',
            size: 3,
          },
        ],
      },
    })
    expect(multipart.form).toEqual([
      { name: 'title', value: 'a;b "c"' },
      { name: 'file', file: '/tmp/my file;1.png', type: 'image/png', filename: 'my file;1.png' },
    ])
  })

  it('the transport settings', () => {
    const command = curlCommand(
      { method: 'GET', url: 'https://h/x', headers: {} },
      {
        insecure: true,
        followRedirects: true,
        proxy: 'http://u:p@proxy:3128',
        ca: '/ca.pem',
        cert: '/c.pem',
        key: '/k.pem',
        http2: true,
        timeoutSeconds: 2.5,
        retry: 3,
        download: { file: 'out.bin', resume: true },
      },
    )
    expect(parseCurlCommand(command)).toEqual({
      method: 'GET',
      url: 'https://h/x',
      headers: [],
      insecure: true,
      followRedirects: true,
      proxy: 'http://u:p@proxy:3128',
      ca: '/ca.pem',
      cert: '/c.pem',
      key: '/k.pem',
      http2: true,
      timeoutSeconds: 2.5,
      retry: 3,
    })
  })

  it('the real CLI: apictl rest post … --curl', async () => {
    const result = await runCliInProcess([
      'rest',
      'post',
      'http://127.0.0.1:9/v1/items',
      'name=it\'s "Pen"',
      'price:=1.5',
      'X-Trace:abc',
      '--curl',
    ])
    expect(result.code).toBe(0)
    const parsed = parseCurlCommand(result.stdout)
    expect(parsed.method).toBe('POST')
    expect(parsed.url).toBe('http://127.0.0.1:9/v1/items')
    expect(JSON.parse(parsed.body!)).toEqual({ name: 'it\'s "Pen"', price: 1.5 })
    expect(parsed.headers).toContainEqual(['X-Trace', 'abc'])
    expect(parsed.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1]).toMatch(
      /^application\/json/,
    )
  })
})

describe('parseCurlCommand: browsers\' "Copy as cURL"', () => {
  it('Chrome (bash): \\ continuations, -H lower-case, -b cookies, --data-raw', () => {
    const command = [
      "curl 'https://shop.example.com/graphql' \\",
      "  -H 'accept: */*' \\",
      "  -H 'accept-language: en-GB,en;q=0.9' \\",
      "  -H 'content-type: application/json' \\",
      "  -b 'sid=abc123; theme=dark' \\",
      "  -H 'origin: https://shop.example.com' \\",
      "  -H 'priority: u=1, i' \\",
      '  -H \'sec-ch-ua: "Chromium";v="131", "Not_A Brand";v="24"\' \\',
      "  -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' \\",
      '  --data-raw \'{"operationName":"Items","variables":{"limit":2},"query":"query Items($limit: Int) { items(limit: $limit) { id } }"}\'',
    ].join('\n')
    const parsed = parseCurlCommand(command)
    expect(parsed.method).toBe('POST')
    expect(parsed.url).toBe('https://shop.example.com/graphql')
    expect(parsed.headers).toEqual([
      ['accept', '*/*'],
      ['accept-language', 'en-GB,en;q=0.9'],
      ['content-type', 'application/json'],
      ['Cookie', 'sid=abc123; theme=dark'],
      ['origin', 'https://shop.example.com'],
      ['priority', 'u=1, i'],
      ['sec-ch-ua', '"Chromium";v="131", "Not_A Brand";v="24"'],
      [
        'user-agent',
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ],
    ])
    expect(JSON.parse(parsed.body!).variables).toEqual({ limit: 2 })
    expect(parsed.urlencoded).toBeUndefined()
  })

  it("Chrome: a body with a quote or a newline comes as $'…'", () => {
    const parsed = parseCurlCommand(
      'curl \'http://localhost:4000/v1/items\' \\\n  -H \'content-type: application/json\' \\\n  --data-raw $\'{"name":"it\\\'s","note":"a\\\\nb\\nc","t":"\\t\\u00e9\\x41"}\'',
    )
    expect(parsed.body).toBe('{"name":"it\'s","note":"a\\nb\nc","t":"\té\u0041"}')
  })

  it('Chrome, older: --compressed at the end, --data-binary', () => {
    const parsed = parseCurlCommand(
      "curl 'http://localhost:4000/v1/items?page=2' -H 'Accept-Encoding: gzip, deflate, br' -H 'Accept: application/json' --data-binary 'name=Pen&price=1' --compressed",
    )
    expect(parsed).toMatchObject({
      method: 'POST',
      body: 'name=Pen&price=1',
      urlencoded: true,
      compressed: true,
    })
  })

  it('Firefox: URL first, -X POST, capitalised -H, Cookie as a header, --data-raw', () => {
    const parsed = parseCurlCommand(
      "curl 'https://shop.example.com/v1/items' -X POST -H 'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' -H 'Accept: application/json' -H 'Accept-Language: en-US,en;q=0.5' -H 'Accept-Encoding: gzip, deflate, br, zstd' -H 'Content-Type: application/json' -H 'Origin: https://shop.example.com' -H 'Connection: keep-alive' -H 'Cookie: sid=abc123' -H 'Sec-Fetch-Dest: empty' -H 'Priority: u=0' --data-raw '{\"name\":\"Pen\",\"price\":1.5}'",
    )
    expect(parsed.method).toBe('POST')
    expect(parsed.headers).toHaveLength(10)
    expect(parsed.headers).toContainEqual(['Cookie', 'sid=abc123'])
    expect(JSON.parse(parsed.body!)).toEqual({ name: 'Pen', price: 1.5 })
  })

  it('Firefox GET: --compressed before the headers, no body', () => {
    const parsed = parseCurlCommand(
      "curl 'https://shop.example.com/v1/items/1' --compressed -H 'Accept: application/xml' -H 'Referer: https://shop.example.com/'",
    )
    expect(parsed).toEqual({
      method: 'GET',
      url: 'https://shop.example.com/v1/items/1',
      headers: [
        ['Accept', 'application/xml'],
        ['Referer', 'https://shop.example.com/'],
      ],
      compressed: true,
    })
  })
})

describe('parseCurlCommand: the options curl users type', () => {
  it('short clusters, -XPUT, -u, -k, -L, -A, -e, -I, --url, -d @file', () => {
    expect(
      parseCurlCommand(
        'curl -sSLk -XPUT -u demo:demo -A apictl/1 -e http://ref/ --url http://h/x -d @body.json',
      ),
    ).toEqual({
      method: 'PUT',
      url: 'http://h/x',
      headers: [
        ['User-Agent', 'apictl/1'],
        ['Referer', 'http://ref/'],
      ],
      bodyFile: 'body.json',
      urlencoded: true,
      user: 'demo:demo',
      insecure: true,
      followRedirects: true,
    })
    expect(parseCurlCommand('curl -I example.com/x')).toMatchObject({
      method: 'HEAD',
      url: 'http://example.com/x',
    })
  })

  it('-G turns the data into the query; several -d join with &; --data-urlencode encodes', () => {
    expect(parseCurlCommand("curl -G http://h/search?a=1 -d q=pen --data-urlencode 'note=a b&c'")).toEqual({
      method: 'GET',
      url: 'http://h/search?a=1&q=pen&note=a%20b%26c',
      headers: [],
    })
    expect(parseCurlCommand("curl http://h/f -d a=1 -d 'b=2' --data-urlencode '=x y'")).toMatchObject({
      method: 'POST',
      body: 'a=1&b=2&x%20y',
      urlencoded: true,
    })
  })

  it('-F fields and files', () => {
    expect(
      parseCurlCommand(
        "curl http://h/up -F name=Pen -F 'file=@./a b.png;type=image/png' --form-string 'raw=@not-a-file'",
      ).form,
    ).toEqual([
      { name: 'name', value: 'Pen' },
      { name: 'file', file: './a b.png', type: 'image/png' },
      { name: 'raw', value: '@not-a-file' },
    ])
  })

  it('says what is wrong, as a UsageError (exit 2)', () => {
    const problems: Array<[string, RegExp]> = [
      ['curl --upload-file x http://h/', /the curl option --upload-file is not supported/],
      ['curl -Z http://h/', /the curl option -Z is not supported/],
      ['wget http://h/', /not a curl command/],
      ['curl -H', /-H needs a value/],
      ['curl -X POST', /no URL/],
      ['curl http://a/ http://b/', /more than one URL/],
      ["curl 'http://h/", /quote \('\) that does not end/],
      ['curl "http://h/', /quote \("\) that does not end/],
      ["curl $'http://h/", /\$'…' string that does not end/],
      ['curl -b cookies.txt http://h/', /reading cookies from a file/],
      ['curl -H nocolon http://h/', /-H needs "Name: value"/],
      ['curl -F noequals http://h/', /-F needs name=value/],
      ['curl -F a=1 -d b=2 http://h/', /both -F and -d/],
      ['curl --max-time soon http://h/', /--max-time needs a number/],
    ]
    for (const [command, message] of problems) {
      let error: unknown
      try {
        parseCurlCommand(command)
      } catch (caught) {
        error = caught
      }
      expect(error, command).toBeInstanceOf(UsageError)
      expect((error as UsageError).message, command).toMatch(message)
      expect((error as UsageError).exitCode).toBe(2)
    }
  })

  it('stays linear on a huge command', () => {
    const started = performance.now()
    const parsed = parseCurlCommand(
      `curl http://h/ --data-raw '${'x'.repeat(2_000_000)}' ${"-H 'a: b' ".repeat(5_000)}`,
    )
    expect(parsed.body).toHaveLength(2_000_000)
    expect(parsed.headers).toHaveLength(5_000)
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})
