import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'

let server: RunningServer

beforeAll(async () => {
  server = await startServer({ port: 0 })
})
afterAll(() => server.close())

const envelope =
  '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><GetItem xmlns="urn:apictl:items"><id>1</id></GetItem></s:Body></s:Envelope>'

function mPost(
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(`${server.url}/soap`, { method: 'M-POST', headers }, (response) => {
      let body = ''
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
    call.on('error', reject)
    call.end(envelope)
  })
}

describe('M-POST on the reference server (HTTP Extension Framework)', () => {
  it('answers an M-POST GetItem like a POST, with Ext', async () => {
    const answer = await mPost({
      'content-type': 'text/xml; charset=utf-8',
      man: '"http://schemas.xmlsoap.org/soap/envelope/"; ns=01',
      '01-SOAPAction': '"urn:apictl:items#GetItem"',
    })
    expect(answer.status).toBe(200)
    expect(answer.headers).toHaveProperty('ext')
    expect(answer.body).toContain('GetItemResponse')
    expect(answer.body).toContain('Mechanical Keyboard')
  })

  it('an M-POST with an unknown mandatory extension is 510 Not Extended', async () => {
    const answer = await mPost({
      'content-type': 'text/xml; charset=utf-8',
      man: '"urn:example:unknown-extension"; ns=02',
      '02-Whatever': 'x',
    })
    expect(answer.status).toBe(510)
  })
})
