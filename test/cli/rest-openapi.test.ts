// REST with an OpenAPI document (SPEC §4.1): the real CLI against the real reference server.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useReferenceProfile } from '../support/reference-profile.js'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

const ref = useReferenceProfile()
const seen = ref.seen

const writes = () => seen.filter((line) => /^(POST|PUT|PATCH|DELETE) \/v/.test(line))

describe('validation before sending (discovered at the REST base)', () => {
  it('price=cheap exits 2 naming the field, the rule and the pointer; the server sees no write', async () => {
    const result = await runCli(
      ['rest', 'post', '/v1/items', 'name=Pen', 'price=cheap', '--user', 'demo:demo'],
      { env: ref.env },
    )
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      'price: must be number (rule type; #/components/schemas/ItemInput/properties/price/type)',
    )
    expect(result.stderr).toContain('nothing was sent')
    expect(writes()).toEqual([])
    // Discovery was the only traffic: one GET of the document.
    expect(seen.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(['GET /openapi.json'])
  })

  it('price=2.5 goes out as a number and answers 201', async () => {
    const result = await runCli(
      ['rest', 'post', '/v1/items', 'name=Pen', 'price=2.5', 'tags=a', 'tags=b', '--user', 'demo:demo'],
      { env: ref.env },
    )
    expect(result.code).toBe(0)
    const body = JSON.parse(result.stdout) as { price: unknown; tags: unknown }
    expect(body.price).toBe(2.5)
    expect(body.tags).toEqual(['a', 'b'])
    expect(writes()).toEqual([expect.stringMatching(/^POST \/v1\/items 201 /)])
  })

  it('a mistyped field gets a did-you-mean; a missing required one is named', async () => {
    const result = await runCli(['rest', 'post', '/v1/items', 'nmae=Pen', 'price=1', '--user', 'demo:demo'], {
      env: ref.env,
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('nmae: is not a known field (rule additionalProperties')
    expect(result.stderr).toContain('Did you mean name?')
    expect(result.stderr).toContain(
      'name: is required (rule required; #/components/schemas/ItemInput/required)',
    )
    expect(writes()).toEqual([])
  })

  it('query parameters are checked against their schemas; unknown paths and methods are refused', async () => {
    const limit = await runCli(['rest', 'get', '/v1/items', 'limit==500'], { env: ref.env })
    expect(limit.code).toBe(2)
    expect(limit.stderr).toContain(
      'query.limit: must be <= 100 (rule maximum; #/paths/~1v1~1items/get/parameters/1/schema/maximum)',
    )
    const path = await runCli(['rest', 'get', '/v1/itme'], { env: ref.env })
    expect(path.code).toBe(2)
    expect(path.stderr).toContain(
      '/v1/itme is not a path the OpenAPI document declares. Did you mean /v1/items?',
    )
    const method = await runCli(['rest', 'put', '/v1/items', 'name=x', 'price=1'], { env: ref.env })
    expect(method.code).toBe(2)
    expect(method.stderr).toContain('PUT is not an operation of /v1/items')
    expect(seen.filter((line) => line.includes('/v1/'))).toEqual([])
  })

  it('--no-validate sends anyway and the server answers 422', async () => {
    const result = await runCli(
      ['rest', 'post', '/v1/items', 'name=Pen', 'price=cheap', '--user', 'demo:demo', '--no-validate'],
      { env: ref.env },
    )
    expect(result.code).toBe(4)
    expect(writes()).toEqual([expect.stringMatching(/^POST \/v1\/items 422 /)])
  })

  it('the document is cached: a second run does not fetch it; --refresh does', async () => {
    await runCli(['rest', 'get', '/v1/items/1'], { env: ref.env })
    await runCli(['rest', 'get', '/v1/items/2'], { env: ref.env })
    expect(seen.filter((line) => line.startsWith('GET /openapi.json'))).toHaveLength(1)
    await runCli(['rest', 'get', '/v1/items/2', '--refresh'], { env: ref.env })
    expect(seen.filter((line) => line.startsWith('GET /openapi.json'))).toHaveLength(2)
  })
})

describe('apictl rest ops', () => {
  it('lists operations with -o json (parameters, body fields, enums) and one path in detail', async () => {
    const listed = await runCli(['rest', 'ops', '-o', 'json'], { env: ref.env })
    expect(listed.code).toBe(0)
    const ops = JSON.parse(listed.stdout) as Array<{
      method: string
      path: string
      operationId: string
      body?: { fields: Array<{ name: string; type: string; required: boolean; enum?: unknown[] }> }
    }>
    const create = ops.find((op) => op.method === 'POST' && op.path === '/v2/items')!
    expect(create.operationId).toBe('createItemV2')
    expect(create.body!.fields).toContainEqual({
      name: 'price.currency',
      in: 'body',
      type: 'string',
      required: false,
      enum: ['USD'],
    })
    expect(create.body!.fields).toContainEqual(expect.objectContaining({ name: 'name', required: true }))
    const one = await runCli(['rest', 'ops', '/v1/items/7/reviews'], { env: ref.env })
    expect(one.code).toBe(0)
    expect(one.stdout).toContain('POST /v1/items/{id}/reviews  (createReviewV1)')
    expect(one.stdout).toContain('rating: integer 1..5')
    const table = await runCli(['rest', 'ops', '-o', 'table'], { env: ref.env })
    expect(table.code).toBe(0)
    expect(table.stdout).toContain('listItemsV1')
  })
})

describe('--check-response', () => {
  let liar: TestServer
  beforeAll(async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'liar', version: '1' },
      paths: {
        '/things/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['id'],
                      properties: { id: { type: 'integer' }, name: { type: 'string', nullable: true } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    }
    liar = await startTestServer((request, response) => {
      if (request.url === '/openapi.json') json(response, 200, document)
      else json(response, 200, { id: 'seven', name: null })
    })
  })
  afterAll(() => liar.close())

  it('warns on a mismatch, exits 6 with --strict, and checks path parameters against the schema', async () => {
    const local = isolatedEnv({ APICTL_PROFILE: 'liar' })
    await runCli(['profile', 'add', 'liar', '--rest', liar.url], { env: local })
    const warned = await runCli(['rest', 'get', '/things/7', '--check-response'], { env: local })
    expect(warned.code).toBe(0)
    expect(warned.stderr).toContain('warning: the response does not match the OpenAPI document')
    expect(warned.stderr).toContain('response.id: must be integer')
    const strict = await runCli(['rest', 'get', '/things/7', '--check-response', '--strict'], { env: local })
    expect(strict.code).toBe(6)
    const badId = await runCli(['rest', 'get', '/things/x'], { env: local })
    expect(badId.code).toBe(2)
    expect(badId.stderr).toContain('path.id: must be integer')
  })

  it('a full URL to another API is not probed for a document; a base without one is asked once', async () => {
    const plain = await startTestServer((_request, response) => json(response, 200, { ok: true }))
    try {
      const local = isolatedEnv({ APICTL_PROFILE: 'plain' })
      await runCli(['profile', 'add', 'plain', '--rest', plain.url], { env: local })
      await runCli(['rest', 'get', `${plain.url}/x`], { env: local })
      expect(plain.received.map((each) => each.url)).toEqual(['/x'])
      await runCli(['rest', 'get', '/y'], { env: local })
      await runCli(['rest', 'get', '/z'], { env: local })
      // The two discovery answers (not documents) are cached as "none": the second run asks nothing.
      expect(plain.received.map((each) => each.url)).toEqual([
        '/x',
        '/openapi.json',
        '/openapi.yaml',
        '/y',
        '/z',
      ])
    } finally {
      await plain.close()
    }
  })
})

describe('--openapi FILE and the profile field', () => {
  it('reads a YAML file given with --openapi, and one stored with profile add --openapi', async () => {
    const local = isolatedEnv()
    const file = join(local.HOME!, 'api.yaml')
    writeFileSync(
      file,
      `openapi: 3.0.0\ninfo: {title: t, version: '1'}\nservers: [{url: '${ref.server.url}'}]\npaths:\n  /v1/items:\n    post:\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema: {type: object, required: [name, price], properties: {name: {type: string}, price: {type: number}, size: {type: string, enum: [S, M, L]}}}\n      responses: {'201': {description: created}}\n`,
    )
    const bad = await runCli(
      ['rest', 'post', `${ref.server.url}/v1/items`, 'name=Pen', 'price=1', 'size=XL', '--openapi', file],
      { env: local },
    )
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('size: must be one of "S", "M", "L" (rule enum;')
    await runCli(['profile', 'add', 'withdoc', '--rest', ref.server.url, '--openapi', file], { env: local })
    const viaProfile = await runCli(
      ['rest', 'post', '/v1/items', 'name=Pen', 'price=x', '--profile', 'withdoc'],
      { env: local },
    )
    expect(viaProfile.code).toBe(2)
    expect(viaProfile.stderr).toContain('price: must be number')
    expect(viaProfile.stderr).toContain(file)
  })
})

describe('lint knows the contract', () => {
  it('a path the document declares is never flagged; an undeclared one still is', async () => {
    const local = isolatedEnv()
    const file = join(local.HOME!, 'api.json')
    writeFileSync(
      file,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: { '/v1/order_items/{id}': { get: { responses: { '200': { description: 'ok' } } } } },
      }),
    )
    await runCli(['profile', 'add', 'shop', '--rest', 'http://127.0.0.1:9', '--openapi', file], {
      env: local,
    })
    const declared = await runCli(['rest', 'get', '/v1/order_items/3', '--profile', 'shop', '--dry-run'], {
      env: local,
    })
    expect(declared.code).toBe(0)
    expect(declared.stderr).not.toContain('order_items')
    const undeclared = await runCli(
      ['rest', 'get', '/v1/line_items', '--profile', 'shop', '--dry-run', '--no-validate'],
      { env: local },
    )
    expect(undeclared.code).toBe(0)
    expect(undeclared.stderr).toContain('line_items')
  })
})
