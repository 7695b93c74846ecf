import { describe, expect, it } from 'vitest'
import type { RequestBlock } from '../../src/runfile/http-file.js'
import { parseHttpFile } from '../../src/runfile/parse-http-file.js'
import { graphqlParts } from '../../src/runfile/request-style.js'
import { isRunFileError } from '../../src/runfile/run-file-error.js'

function requests(text: string): RequestBlock[] {
  return parseHttpFile(text, 'api.http').entries.flatMap((entry) =>
    entry.kind === 'request' ? [entry.request] : [],
  )
}

function problem(text: string): { message: string; where: string | undefined } {
  try {
    parseHttpFile(text, 'api.http')
  } catch (error) {
    if (isRunFileError(error)) return { message: error.message, where: error.where }
    throw error
  }
  throw new Error('expected a RunFileError')
}

describe('parseHttpFile', () => {
  it('reads ### separators, titles, @name, headers, bodies and asserts with their lines', () => {
    const [list, created] = requests(
      [
        '### List the items',
        'GET https://example.com/v1/items HTTP/1.1',
        'Accept: application/json',
        '',
        '?? status == 200',
        '',
        '###',
        '// @name created',
        'POST /v1/items',
        'Content-Type: application/json',
        '',
        '{"name": "Pen"}',
        '',
        '?? body $.id exists',
        '# a comment after the body',
      ].join('\n'),
    )
    expect(list).toMatchObject({
      title: 'List the items',
      method: 'GET',
      url: { text: 'https://example.com/v1/items', line: 2, column: 5 },
      headers: [{ name: 'Accept', value: { text: 'application/json' } }],
      asserts: [{ text: 'status == 200', line: 5 }],
      style: 'rest',
      line: 2,
    })
    expect(created).toMatchObject({
      name: 'created',
      method: 'POST',
      body: { kind: 'inline', text: { text: '{"name": "Pen"}', line: 12 } },
      asserts: [{ text: 'body $.id exists', line: 14 }],
    })
  })

  it('leaves the method out (GET), joins indented query lines, keeps HTTPie items apart from HTTP/1.1', () => {
    const [get, post] = requests(
      'https://example.com/api\n    ?page=2\n    &limit=5\n\n###\nPOST /v1/items name=Pen price:=2.5 HTTP/1.1\n',
    )
    expect(get?.method).toBeUndefined()
    expect(get?.url?.text).toBe('https://example.com/api?page=2&limit=5')
    expect(post?.items.map((item) => item.text)).toEqual(['name=Pen', 'price:=2.5'])
  })

  it('keeps variables in file order between requests, and a template with spaces in one word', () => {
    const file = parseHttpFile(
      '@host = http://h\n\nGET {{host}}/a?n={{$random.integer(1, 9)}}\n\n###\n@id = {{created.id}}\nGET /b',
      'x.http',
    )
    expect(file.entries.map((entry) => entry.kind)).toEqual(['variable', 'request', 'variable', 'request'])
    const first = file.entries[1]
    expect(first?.kind === 'request' && first.request.url?.text).toBe(
      '{{host}}/a?n={{$random.integer(1, 9)}}',
    )
  })

  it('reads GRAPHQL and SOAP blocks, and tells a GraphQL or envelope body by its text', () => {
    const [graphql, soap, posted, envelope, json] = requests(
      [
        'GRAPHQL /graphql',
        '',
        'query ($id: ID!) { item(id: $id) { name } }',
        '',
        '{ "id": "1" }',
        '###',
        '# @wss demo:demo',
        'SOAP CreateItem http://h/soap',
        'name=Pen',
        'tags.tag=a',
        'X-Trace: 1',
        '###',
        'POST /graphql',
        '',
        '{ items { id } }',
        '###',
        'POST /soap',
        'Content-Type: text/xml',
        '',
        '<?xml version="1.0"?>',
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body/></soap:Envelope>',
        '###',
        'POST /v1/items',
        '',
        '{"name": "{{name}}", "price": {{price}}}',
      ].join('\n'),
    )
    expect(graphql).toMatchObject({ method: 'GRAPHQL', style: 'graphql', url: { text: '/graphql' } })
    const body = graphql?.body
    if (body?.kind !== 'inline') throw new Error('expected an inline body')
    const parts = graphqlParts(body.text)
    expect(parts.query.text).toBe('query ($id: ID!) { item(id: $id) { name } }')
    expect(parts.variables).toMatchObject({ text: '{ "id": "1" }', line: 5 })
    expect(soap).toMatchObject({
      style: 'soap',
      operation: { text: 'CreateItem' },
      url: { text: 'http://h/soap' },
      parameters: [{ text: 'name=Pen' }, { text: 'tags.tag=a' }],
      headers: [{ name: 'X-Trace' }],
      directives: { wss: { text: 'demo:demo' } },
    })
    expect(posted?.style).toBe('graphql')
    expect(envelope?.style).toBe('soap')
    expect(json?.style).toBe('rest')
  })

  it('reads `< ./file` bodies and skips JetBrains response handlers with a warning', () => {
    const file = parseHttpFile(
      'POST /v1/items\nContent-Type: application/json\n\n< ./item.json\n\n> {%\n  client.test("ok", () => {})\n%}\n',
      'x.http',
    )
    const entry = file.entries[0]
    expect(entry?.kind === 'request' && entry.request.body).toEqual({
      kind: 'file',
      path: './item.json',
      templated: false,
      line: 4,
    })
    expect(file.warnings).toEqual([
      expect.stringMatching(/^x\.http:6: the JavaScript response handler is skipped/),
    ])
  })

  it('refuses what it cannot run, at its line and column', () => {
    expect(problem('GET /a\n\n###\n< {% request.variables.set("a", 1) %}\nGET /b')).toMatchObject({
      message: expect.stringMatching(/pre-request script/),
      where: 'api.http:4:1',
    })
    expect(problem('WEBSOCKET ws://h/ws')).toMatchObject({ where: 'api.http:1:1' })
    expect(problem('GET /a\nnot a header\n')).toMatchObject({
      message: expect.stringMatching(/not a header/),
      where: 'api.http:2:1',
    })
    expect(problem('SOAP\n')).toMatchObject({
      message: expect.stringMatching(/operation/),
      where: 'api.http:1:1',
    })
  })
})
