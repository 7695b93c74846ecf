import { performance } from 'node:perf_hooks'
import type { RunAnswer } from '../../src/core/run-answer.js'
import { createClient } from '../../src/library/create-client.js'
import { useServer } from '../server/reference/server-helpers.js'

/**
 * Real answers of the reference server in every style, as RunAnswer values:
 * fetched over HTTP from a server started for the test file (REST JSON and
 * XML, a problem+json 404, GraphQL data and GraphQL errors, a SOAP result and
 * SOAP 1.1/1.2 faults from RaiseFault). SOAP values and faults are the
 * library's reading of the same call (the engine's SoapService).
 */
export interface RealAnswers {
  restList: RunAnswer
  restItemXml: RunAnswer
  restMissing: RunAnswer
  graphqlItems: RunAnswer
  graphqlUnauthenticated: RunAnswer
  /** A document the schema refuses: no data at all, errors only. */
  graphqlInvalid: RunAnswer
  soapItem: RunAnswer
  soapClientFault: RunAnswer
  soapReceiverFault12: RunAnswer
  /** An item whose name is markup (`<script>…</script></textarea>`), created and read back over REST. */
  restHostile: RunAnswer
}

/** What the hostile item is named: markup that must stay text in a report. */
export const HOSTILE_NAME = '<script>document.title="owned"</script></textarea><img src=x onerror=alert(1)>'

function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].map(([name, value]) => [name.toLowerCase(), value]))
}

async function fetchAnswer(
  style: RunAnswer['style'],
  url: string,
  init: RequestInit = {},
): Promise<{ answer: RunAnswer; json: unknown }> {
  const started = performance.now()
  const response = await fetch(url, init)
  const bodyText = await response.text()
  let json: unknown
  try {
    json = JSON.parse(bodyText)
  } catch {
    json = undefined
  }
  const answer: RunAnswer = {
    style,
    status: response.status,
    headers: headersOf(response),
    bodyText,
    value: json,
    durationMs: performance.now() - started,
  }
  return { answer, json }
}

async function graphqlAnswer(url: string, query: string): Promise<RunAnswer> {
  const { answer, json } = await fetchAnswer('graphql', `${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })
  const result = json as { data?: unknown; errors?: unknown[]; extensions?: unknown }
  return { ...answer, value: result.data, graphql: result }
}

const envelopes = {
  '1.1': 'http://schemas.xmlsoap.org/soap/envelope/',
  '1.2': 'http://www.w3.org/2003/05/soap-envelope',
}

async function soapAnswer(
  url: string,
  operation: string,
  parameters: Record<string, string>,
  version: '1.1' | '1.2',
): Promise<RunAnswer> {
  const items = Object.entries(parameters)
    .map(([name, value]) => `<tns:${name}>${value}</tns:${name}>`)
    .join('')
  const envelope = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelopes[version]}" xmlns:tns="urn:apictl:items"><soap:Body><tns:${operation}>${items}</tns:${operation}></soap:Body></soap:Envelope>`
  const action = `urn:apictl:items#${operation}`
  const headers: Record<string, string> =
    version === '1.1'
      ? { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` }
      : { 'content-type': `application/soap+xml; charset=utf-8; action="${action}"` }
  const { answer } = await fetchAnswer('soap', `${url}/soap`, { method: 'POST', headers, body: envelope })
  const client = createClient({ soap: `${url}/soap`, env: {} })
  try {
    const call = await client.soap.call(operation, parameters, { version })
    const fault = call.fault && {
      code: call.fault.code,
      reason: call.fault.string,
      ...(call.fault.actor === null ? {} : { actor: call.fault.actor }),
      detail: call.fault.detail,
    }
    return { ...answer, value: call.data?.result, fault, namespaces: { tns: 'urn:apictl:items' } }
  } finally {
    await client.close()
  }
}

async function hostileAnswer(url: string): Promise<RunAnswer> {
  const created = await fetch(`${url}/v1/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${btoa('demo:demo')}` },
    body: JSON.stringify({ name: HOSTILE_NAME, price: 1 }),
  })
  const { id } = (await created.json()) as { id: string }
  return (await fetchAnswer('rest', `${url}/v1/items/${id}`)).answer
}

/** Starts the reference server for the test file and reads one real answer of each kind from it. */
export function useRealAnswers(): () => Promise<RealAnswers> {
  const server = useServer()
  let answers: Promise<RealAnswers> | undefined
  return () => {
    answers ??= (async () => {
      const url = server.url
      return {
        restList: (await fetchAnswer('rest', `${url}/v1/items?limit=3`)).answer,
        restItemXml: (
          await fetchAnswer('rest', `${url}/v1/items/1`, { headers: { accept: 'application/xml' } })
        ).answer,
        restMissing: (await fetchAnswer('rest', `${url}/v1/items/999999`)).answer,
        graphqlItems: await graphqlAnswer(url, '{ items(limit: 2) { id name price tags } itemCount }'),
        graphqlUnauthenticated: await graphqlAnswer(
          url,
          'mutation { createItem(input: { name: "Pen", price: 1.5 }) { id } }',
        ),
        graphqlInvalid: await graphqlAnswer(url, '{ items { nope } }'),
        soapItem: await soapAnswer(url, 'GetItem', { id: '1' }, '1.1'),
        soapClientFault: await soapAnswer(url, 'RaiseFault', { code: 'Client', message: 'asked for' }, '1.1'),
        soapReceiverFault12: await soapAnswer(url, 'RaiseFault', { code: 'Server', message: 'broke' }, '1.2'),
        restHostile: await hostileAnswer(url),
      }
    })()
    return answers
  }
}
