import { buildSchema, type OperationDefinitionNode, parse } from 'graphql'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HttpRequest, HttpResponse } from '../../../../src/core/exchange.js'
import {
  buildGraphQLRequest,
  cleanQuery,
  prepareGraphQLRequest,
} from '../../../../src/protocols/graphql/client/build-graphql-request.js'
import { coerceVariableOptions } from '../../../../src/protocols/graphql/client/coerce-variables.js'
import { decodeGraphQLResponse } from '../../../../src/protocols/graphql/client/decode-graphql-response.js'
import { sendGraphQLRequest } from '../../../../src/protocols/graphql/client/send-graphql-request.js'
import { webSocketUrl } from '../../../../src/protocols/graphql/client/websocket-url.js'
import { tableSections } from '../../../../src/render/print-graphql-result.js'
import { LIBRARY_SDL } from './support/library-schema.js'

const response = (status: number, body: string, contentType = 'application/json'): HttpResponse => ({
  status,
  statusText: status === 200 ? 'OK' : 'Bad Gateway',
  headers: { 'content-type': contentType },
  body: Buffer.from(body),
  url: 'http://h/graphql',
  httpVersion: '1.1',
  timings: { total: 1 },
})

describe('decodeGraphQLResponse', () => {
  it('data, errors and the exit code they imply, whatever the status', () => {
    expect(decodeGraphQLResponse(response(200, '{"data":{"a":1}}'))).toMatchObject({
      data: { a: 1 },
      errors: [],
      exitCode: 0,
    })
    expect(
      decodeGraphQLResponse(response(200, '{"data":{"a":null},"errors":[{"message":"x"}]}')).exitCode,
    ).toBe(4)
    expect(decodeGraphQLResponse(response(400, '{"errors":[{"message":"bad"}]}')).exitCode).toBe(4)
    expect(decodeGraphQLResponse(response(503, '{"errors":[{"message":"down"}]}')).exitCode).toBe(5)
  })

  it('a body that is not a GraphQL response is an error with the exit code of its status', () => {
    expect(() => decodeGraphQLResponse(response(502, '<title>Bad</title>', 'text/html'))).toThrow(
      expect.objectContaining({ exitCode: 5, message: expect.stringContaining('text/html ("Bad")') }),
    )
    expect(() => decodeGraphQLResponse(response(200, '[1,2]'))).toThrow(
      expect.objectContaining({ exitCode: 6 }),
    )
    expect(() => decodeGraphQLResponse(response(200, '{"data": 3}'))).toThrow(
      expect.objectContaining({ exitCode: 6 }),
    )
    expect(() => decodeGraphQLResponse(response(200, '{"errors": "no"}'))).toThrow(
      expect.objectContaining({ exitCode: 6 }),
    )
  })
})

describe('coerceVariableOptions', () => {
  const schema = buildSchema(LIBRARY_SDL)
  const operation = parse(
    'query ($i: Int!, $f: Float, $b: Boolean, $s: String, $id: ID, $g: Genre, $l: [ID!], $o: BookFilter, $x: Custom, $li: [Int]) { bookCount }',
  ).definitions[0] as OperationDefinitionNode
  const coerce = (items: string[], withSchema = true) =>
    coerceVariableOptions(items, operation, withSchema ? schema : undefined)

  it('by declared type', () => {
    expect(
      coerce([
        'i=-3',
        'f=1e3',
        'b=true',
        's=007',
        'id=42',
        'g=SCIENCE',
        'l=["1"]',
        'o={"minYear":1}',
        'x=[1]',
      ]),
    ).toEqual({
      i: -3,
      f: 1000,
      b: true,
      s: '007',
      id: '42',
      g: 'SCIENCE',
      l: ['1'],
      o: { minYear: 1 },
      x: [1],
    })
    expect(coerce(['s:=null', '$i=1'])).toEqual({ s: null, i: 1 })
  })

  it('one value for a list is a list of one, coerced by the item type (as GraphQL coerces inputs)', () => {
    expect(coerce(['l=7', 'li=3'])).toEqual({ l: ['7'], li: [3] })
    expect(coerce(['l=1,2'])).toEqual({ l: ['1,2'] })
    expect(() => coerce(['li=x'])).toThrow('$li is declared [Int], and "x" is not a JSON list or one Int')
  })

  it('null for a nullable variable of a non-text type; text types keep "null" as text (name:=null is null)', () => {
    expect(coerce(['f=null', 'b=null', 'g=null', 'li=null', 'o=null'])).toEqual({
      f: null,
      b: null,
      g: null,
      li: null,
      o: null,
    })
    expect(coerce(['s=null'])).toEqual({ s: 'null' })
    expect(() => coerce(['i=null'])).toThrow('is not allowed (Int! cannot be null)')
  })

  it('refuses what does not fit, naming the variable and the type', () => {
    expect(() => coerce(['i=1.5'])).toThrow('--var i=1.5: $i is declared Int!, and "1.5" is not an Int')
    expect(() => coerce(['i=3000000000'])).toThrow('is not an Int')
    expect(() => coerce(['f=abc'])).toThrow('$f is declared Float, and "abc" is not a Float')
    expect(() => coerce(['b=yes'])).toThrow('is not a Boolean (true or false)')
    expect(() => coerce(['o=minYear'])).toThrow('is not a JSON object (BookFilter)')
    expect(() => coerce(['g=fiction'])).toThrow('is not a Genre value (one of FICTION, HISTORY, SCIENCE)')
    expect(() => coerce(['novar'])).toThrow('expected name=value')
  })

  it('without a schema, named types are enum values or JSON', () => {
    expect(coerce(['g=SCIENCE', 'o={"a":1}', 'i=2'], false)).toEqual({ g: 'SCIENCE', o: { a: 1 }, i: 2 })
  })
})

describe('buildGraphQLRequest', () => {
  const call = { url: 'http://h/graphql?k=v', query: '{ a }', headers: [] as Array<[string, string]> }

  it('POST: JSON body, the GraphQL accept header, headers in order, unset ones dropped', () => {
    const request = buildGraphQLRequest({
      ...call,
      method: 'POST',
      variables: { n: 1 },
      operationName: 'A',
      headers: [
        ['Authorization', 'Bearer 1'],
        ['authorization', 'Bearer 2'],
      ],
      unsetHeaders: ['user-agent'],
    })
    expect(request).toEqual({
      method: 'POST',
      url: 'http://h/graphql?k=v',
      headers: {
        Accept: 'application/graphql-response+json, application/json',
        'Content-Type': 'application/json',
        authorization: 'Bearer 2',
      },
      body: '{"query":"{ a }","variables":{"n":1},"operationName":"A"}',
    })
  })

  it('GET: operationName, query (whitespace and comments collapsed) and variables as parameters', () => {
    const request = buildGraphQLRequest({
      ...call,
      method: 'GET',
      query: 'query A {\n  a # note\n  b,c\n}',
      operationName: 'A',
      variables: {},
    })
    expect(request.body).toBeUndefined()
    expect(request.headers['apollo-require-preflight']).toBe('true')
    expect(new URL(request.url).searchParams.toString()).toBe(
      'k=v&operationName=A&query=query+A+%7B+a+b+c+%7D&variables=%7B%7D',
    )
    expect(cleanQuery('{ a(s: "x") }')).toBe('{ a(s: "x") }')
  })

  it('GET refuses a document whose string literal collapsing would change', () => {
    expect(() => buildGraphQLRequest({ ...call, method: 'GET', query: '{ a(s: "x,  y") }' })).toThrow(
      /--get would change the string/,
    )
  })

  afterEach(() => vi.restoreAllMocks())

  it('what graphql-request sends through the fetch adapter equals the built request', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const input = {
        ...call,
        method,
        query: 'query A { a } query B($n: Int) { b(n: $n) }',
        operationName: 'B',
        variables: { n: 2 },
        headers: [['X-Trace', '1']] as Array<[string, string]>,
        unsetHeaders: ['Accept'],
      }
      const sent: HttpRequest[] = []
      const send = async (request: HttpRequest) => {
        sent.push(request)
        return response(200, '{"data":{"b":1}}')
      }
      const result = await sendGraphQLRequest(
        prepareGraphQLRequest(input),
        { timeoutMs: 1000, retry: 0, insecure: false },
        send,
      )
      expect(result.data).toEqual({ b: 1 })
      expect(sent).toEqual([buildGraphQLRequest(input)])
    }
  })

  it('the request is built once (nothing serialised while sending) and the answer parsed once', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const prepared = prepareGraphQLRequest({ ...call, method, variables: { n: 1 } })
      const answer = '{"data":{"a":1},"extensions":{"cost":2}}'
      const stringify = vi.spyOn(JSON, 'stringify')
      const parse = vi.spyOn(JSON, 'parse')
      const result = await sendGraphQLRequest(
        prepared,
        { timeoutMs: 1000, retry: 0, insecure: false },
        async () => response(200, answer),
      )
      expect(stringify).not.toHaveBeenCalled()
      expect(parse.mock.calls.filter(([text]) => text === answer)).toHaveLength(1)
      expect(result).toMatchObject({ data: { a: 1 }, extensions: { cost: 2 }, exitCode: 0 })
      expect(result.body).toEqual(JSON.parse(answer))
      vi.restoreAllMocks()
    }
  })

  it('an answer that is not JSON is read once too, and is still named as not GraphQL', async () => {
    const prepared = prepareGraphQLRequest({ ...call, method: 'POST' })
    const parse = vi.spyOn(JSON, 'parse')
    const send = async () => response(502, '<title>Bad</title>', 'text/html')
    await expect(
      sendGraphQLRequest(prepared, { timeoutMs: 1000, retry: 0, insecure: false }, send),
    ).rejects.toMatchObject({ exitCode: 5 })
    expect(parse.mock.calls.filter(([text]) => text === '<title>Bad</title>')).toHaveLength(1)
  })
})

describe('small pieces', () => {
  it('tableSections: every root field shown; lists and objects each a table, scalars together', () => {
    expect(tableSections({ page: { total: 2, items: [{ id: 1 }] } })).toEqual([{ value: [{ id: 1 }] }])
    expect(tableSections({ item: { id: 1 } })).toEqual([{ value: { id: 1 } }])
    expect(tableSections({ a: 1, b: null })).toEqual([{ value: { a: 1, b: null } }])
    expect(tableSections({ itemCount: 44, items: [{ id: '1' }], item: { id: '2' } })).toEqual([
      { value: { itemCount: 44 } },
      { title: 'items', value: [{ id: '1' }] },
      { title: 'item', value: { id: '2' } },
    ])
  })

  it('webSocketUrl: http → ws, https → wss, the rest kept', () => {
    expect(webSocketUrl('http://h:4000/graphql?x=1')).toBe('ws://h:4000/graphql?x=1')
    expect(webSocketUrl('https://h/api/graphql')).toBe('wss://h/api/graphql')
    expect(() => webSocketUrl('ftp://h/graphql')).toThrow('http(s) or ws(s)')
  })
})
