import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { RunReport } from '../../../src/core/run-report.js'
import { isolatedEnv } from '../../support/run-cli.js'
import { runCliInProcess } from '../../support/run-cli-in-process.js'
import { tempDir } from '../../support/temp-dir.js'
import { json, startTestServer, type TestServer } from '../../support/test-server.js'

let servers: TestServer[] = []
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()))
  servers = []
})

async function echoServer(): Promise<TestServer> {
  const server = await startTestServer((request, response) =>
    json(response, request.url.includes('missing') ? 404 : 200, {
      id: String(request.url.split('/').at(-1)),
      url: request.url,
    }),
  )
  servers.push(server)
  return server
}

function write(text: string): string {
  const file = join(tempDir(), 'api.http')
  writeFileSync(file, text)
  return file
}

async function run(args: string[]) {
  const out = join(tempDir(), 'report.json')
  const result = await runCliInProcess(['run', ...args, '--report', 'json', out], { env: isolatedEnv() })
  let report: RunReport | undefined
  try {
    report = JSON.parse(readFileSync(out, 'utf8')) as RunReport
  } catch {}
  return { ...result, report }
}

describe('apictl run: checked before anything is sent', () => {
  it('a schema-invalid GraphQL document fails --dry-run at its file:line:column (exit 2), nothing sent', async () => {
    const probe = await echoServer()
    const file = write(`GET ${probe.url}/first\n\n###\nGRAPHQL\n\nquery {\n  items { id nope }\n}\n`)
    for (const dryRun of [['--dry-run'], []]) {
      const { code, stderr } = await run([file, ...dryRun])
      expect(stderr).toContain(`${file}:7:14: Cannot query field "nope" on type "Item".`)
      // The file's line, with a caret under the column.
      expect(stderr).toContain('7 |   items { id nope }\n  |              ^')
      expect(stderr).toMatch(/nothing was sent/)
      expect(code).toBe(2)
    }
    expect(probe.received).toEqual([])
  })

  it('an unknown SOAP operation, a bad parameter and an undefined variable fail at their lines (exit 2)', async () => {
    const probe = await echoServer()
    const file = write(
      `GET ${probe.url}/first\n\n###\nSOAP GetItm\nid=1\n\n###\nSOAP GetItem\nidd=1\n\n###\nGET ${probe.url}/{{nothing}}\n`,
    )
    const { code, stderr } = await run([file, '--dry-run'])
    expect(stderr).toMatch(new RegExp(`${file}:4:6: .*GetItm`))
    expect(stderr).toMatch(new RegExp(`${file}:9:1: .*idd`))
    expect(stderr).toContain(`${file}:12:${probe.url.length + 6}: {{nothing}} is not defined.`)
    expect(code).toBe(2)
    expect(probe.received).toEqual([])
  })

  it("a REST request is checked against the profile's OpenAPI document (HTTPie items typed by it)", async () => {
    const file = write(
      'POST /v1/items name=Pen price=abc\nAuthorization: Basic demo demo\n\n###\nPOST /v1/items name=Pen price=2.5\n',
    )
    const { code, stderr } = await run([file, '--dry-run'])
    expect(stderr).toContain(
      `${file}:1: The request breaks a rule of the OpenAPI document for POST /v1/items`,
    )
    expect(stderr).toMatch(/price: must be number/)
    expect(stderr).toMatch(/1 problem in the file/)
    expect(code).toBe(2)
  })

  it('a clean --dry-run says what it checked and sends nothing', async () => {
    const probe = await echoServer()
    const file = write(`# @name a\nGET ${probe.url}/items/7\n\n###\nGET ${probe.url}/items/{{a.id}}\n`)
    const { code, stderr, report } = await run([file, '--dry-run'])
    expect(stderr).toContain('checked 2 requests')
    expect(report?.results.map((result) => result.outcome)).toEqual(['skipped', 'skipped'])
    expect(code).toBe(0)
    expect(probe.received).toEqual([])
  })
})

describe('apictl run: --name, --bail, --repeat, --var', () => {
  const file = (url: string) =>
    write(
      [
        `@base = ${url}`,
        '# @name first',
        'GET {{base}}/items/1',
        '',
        '###',
        '# @name second',
        'GET {{base}}/items/{{first.id}}2',
        '',
        '###',
        '# @name broken',
        'GET {{base}}/missing',
        '',
        '###',
        '# @name last',
        'GET {{base}}/items/{{second.id}}3?who={{who}}',
      ].join('\n'),
    )

  it('--name runs that request and the named ones it uses', async () => {
    const server = await echoServer()
    const { code, report } = await run([file(server.url), '--name', 'last', '--var', 'who=me'])
    expect(server.received.map((request) => request.url)).toEqual([
      '/items/1',
      '/items/12',
      '/items/123?who=me',
    ])
    expect(report?.results.map((result) => result.name)).toEqual(['first', 'second', 'last'])
    expect(code).toBe(0)
  })

  it('an unknown --name is a usage error listing the names', async () => {
    const server = await echoServer()
    const { code, stderr } = await run([file(server.url), '--name', 'nope'])
    expect(stderr).toMatch(/No request named nope/)
    expect(stderr).toMatch(/first, second, broken, last/)
    expect(code).toBe(2)
  })

  it('a 404 with no asserts fails the request; --bail skips the rest', async () => {
    const server = await echoServer()
    const { code, report } = await run([file(server.url), '--var', 'who=me', '--bail'])
    expect(report?.results.map((result) => result.outcome)).toEqual(['passed', 'passed', 'failed', 'skipped'])
    expect(report?.results[2]?.asserts[0]).toMatchObject({ passed: false, actual: '404 Not Found' })
    expect(server.received).toHaveLength(3)
    expect(code).toBe(1)
  })

  it('--repeat runs the file again, captures fresh each time', async () => {
    const server = await echoServer()
    const { report } = await run([file(server.url), '--var', 'who=me', '--repeat', '2'])
    expect(report?.results.map((result) => `${result.iteration} ${result.name}`)).toEqual([
      '1 first',
      '1 second',
      '1 broken',
      '1 last',
      '2 first',
      '2 second',
      '2 broken',
      '2 last',
    ])
    expect(server.received).toHaveLength(8)
  })
})

describe('apictl run --parallel', () => {
  it('runs 8 requests at once, and a request that uses a capture after it', async () => {
    let inFlight = 0
    let most = 0
    const held: Array<() => void> = []
    const server = await startTestServer((request, response: ServerResponse) => {
      inFlight++
      most = Math.max(most, inFlight)
      const answer = () => {
        inFlight--
        json(response, 200, { id: request.url.split('/').at(-1) })
      }
      held.push(answer)
      // Answered once 8 are waiting together (never if the runner sent fewer at once: the
      // safety net below then answers them, and the count shows it).
      if (held.length >= 8 || request.url.includes('after')) for (const each of held.splice(0)) each()
      else setTimeout(() => held.includes(answer) && held.splice(held.indexOf(answer), 1) && answer(), 5000)
    })
    servers.push(server)
    const requests = Array.from(
      { length: 16 },
      (_, index) => `# @name r${index}\nGET ${server.url}/items/${index}`,
    )
    const file = write(`${requests.join('\n\n###\n')}\n\n###\nGET ${server.url}/after/{{r15.id}}\n`)
    const { code, report } = await run([file, '--parallel', '8'])
    expect(most).toBe(8)
    expect(code).toBe(0)
    expect(report?.results.map((result) => result.name)).toEqual([
      ...requests.map((_, index) => `r${index}`),
      `GET ${server.url}/after/{{r15.id}}`,
    ])
    expect(server.received.at(-1)?.url).toBe('/after/15')
  })
})

describe('apictl run --from-curl', () => {
  it('prints the .http text of a curl command, which runs to the same request', async () => {
    const server = await echoServer()
    const curl = `curl -X PUT '${server.url}/items/7?x=1' -H 'Content-Type: application/json' -H 'X-Trace: a b' -u demo:s3cret --data-raw '{"name":"Pen"}'`
    const printed = await runCliInProcess(['run', '--from-curl', curl], { env: isolatedEnv() })
    expect(printed.code).toBe(0)
    expect(printed.stdout).toBe(
      `###\nPUT ${server.url}/items/7?x=1\nContent-Type: application/json\nX-Trace: a b\nAuthorization: Basic demo:s3cret\n\n{"name":"Pen"}\n\n`,
    )
    const { code } = await run([write(printed.stdout)])
    expect(code).toBe(0)
    const [received] = server.received
    expect(received).toMatchObject({ method: 'PUT', url: '/items/7?x=1', body: '{"name":"Pen"}' })
    expect(received?.headers).toMatchObject({
      'x-trace': 'a b',
      authorization: `Basic ${Buffer.from('demo:s3cret').toString('base64')}`,
    })
  })

  it('an option curl has and apictl does not read is a usage error naming it', async () => {
    const { code, stderr } = await runCliInProcess(['run', '--from-curl', 'curl --bogus http://h'], {
      env: isolatedEnv(),
    })
    expect(stderr).toMatch(/--bogus is not supported/)
    expect(code).toBe(2)
  })
})

describe('apictl run: bodies from files', () => {
  it('a binary `< file` body and a binary file in a multipart part are sent byte for byte', async () => {
    const bodies: Buffer[] = []
    const server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        bodies.push(Buffer.concat(chunks))
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const dir = tempDir()
      const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x0a])
      writeFileSync(join(dir, 'logo.png'), image)
      const file = join(dir, 'upload.http')
      writeFileSync(
        file,
        `POST ${url}/raw\nContent-Type: image/png\n\n< ./logo.png\n\n###\nPOST ${url}/form\nContent-Type: multipart/form-data; boundary=b\n\n--b\nContent-Disposition: form-data; name="logo"; filename="logo.png"\n\n< ./logo.png\n--b--\n`,
      )
      const { code } = await run([file])
      expect(code).toBe(0)
      expect(bodies[0]).toEqual(image)
      const head = Buffer.from('--b\nContent-Disposition: form-data; name="logo"; filename="logo.png"\n\n')
      expect(bodies[1]).toEqual(Buffer.concat([head, image, Buffer.from('\n--b--')]))
    } finally {
      server.close()
    }
  })
})
