// kill -9 during mixed writes from REST, GraphQL and SOAP, 20 times per format: every write that got a 2xx is on disk.
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serveChild } from './serve-child.js'
import { basicAuth, jsonHeaders, readDataFile, useTempDir } from './server-helpers.js'

const directory = useTempDir()

const cycles = 20
/** Acknowledged writes per cycle before the kill (all three styles must have some). */
const writesPerCycle = 24
const lanesPerStyle = 3

type Style = 'rest' | 'graphql' | 'soap'

/** What the clients were told: created ids (with names) and, per item, the largest acknowledged quantity. */
interface Acknowledged {
  created: Map<string, string>
  quantity: Map<string, number>
  byStyle: Record<Style, number>
}

const soapEnvelope = (operation: string, parameters: string) =>
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="urn:apictl:items" ' +
  'xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">' +
  '<soap:Header><wsse:Security soap:mustUnderstand="1"><wsse:UsernameToken><wsse:Username>demo</wsse:Username>' +
  '<wsse:Password>demo</wsse:Password></wsse:UsernameToken></wsse:Security></soap:Header>' +
  `<soap:Body><tns:${operation}>${parameters}</tns:${operation}></soap:Body></soap:Envelope>`

/** One write in `style`: a create, or (every third) a quantity update of the lane's own item. Returns what was acknowledged. */
async function write(
  url: string,
  style: Style,
  lane: string,
  step: number,
  quantity: number,
): Promise<{ id: string; name: string } | { id: string; quantity: number } | undefined> {
  const itemId = lane // each lane updates one seed item of its own, so its quantities only grow
  const name = `${lane}/${step}`
  if (style === 'rest') {
    const response =
      step % 3 === 2
        ? await fetch(`${url}/v1/items/${itemId}`, {
            method: 'PATCH',
            headers: jsonHeaders,
            body: JSON.stringify({ quantity }),
          })
        : await fetch(`${url}/v1/items`, {
            method: 'POST',
            headers: jsonHeaders,
            body: JSON.stringify({ name, price: step }),
          })
    if (!response.ok) return undefined
    const item = (await response.json()) as { id: string }
    return step % 3 === 2 ? { id: itemId, quantity } : { id: item.id, name }
  }
  if (style === 'graphql') {
    const query =
      step % 3 === 2
        ? `mutation { updateItem(id: "${itemId}", input: { quantity: ${quantity} }) { id } }`
        : `mutation { createItem(input: { name: "${name}", price: ${step} }) { id } }`
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth },
      body: JSON.stringify({ query }),
    })
    const answer = (await response.json()) as { data?: Record<string, { id: string } | null> }
    const item = answer.data?.updateItem ?? answer.data?.createItem
    if (!response.ok || !item) return undefined
    return step % 3 === 2 ? { id: itemId, quantity } : { id: item.id, name }
  }
  const [operation, parameters] =
    step % 3 === 2
      ? ['UpdateItem', `<tns:id>${itemId}</tns:id><tns:quantity>${quantity}</tns:quantity>`]
      : ['CreateItem', `<tns:name>${name}</tns:name><tns:price>${step}</tns:price>`]
  const response = await fetch(`${url}/soap`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"urn:apictl:items#${operation}"` },
    body: soapEnvelope(operation, parameters),
  })
  const text = await response.text()
  if (response.status !== 200) return undefined
  const id = /<tns:id>([^<]+)<\/tns:id>/.exec(text)?.[1]
  if (id === undefined) throw new Error(`a 200 without an id: ${text}`)
  return step % 3 === 2 ? { id: itemId, quantity } : { id, name }
}

/** One cycle: a server, writers in three styles until enough are acknowledged, then SIGKILL. */
async function cycle(dataFile: string, round: number, acknowledged: Acknowledged): Promise<void> {
  const child = await serveChild(dataFile)
  let total = 0
  let killed = false
  const styles: Style[] = ['rest', 'graphql', 'soap']
  const lanes = styles.flatMap((style, styleIndex) =>
    Array.from({ length: lanesPerStyle }, (_, index) => ({
      style,
      lane: String(styleIndex * lanesPerStyle + index + 1),
    })),
  )
  const enough = () => total >= writesPerCycle && styles.every((style) => acknowledged.byStyle[style] > round)
  await Promise.all(
    lanes.map(async ({ style, lane }) => {
      for (let step = 0; !killed; step += 1) {
        const quantity = round * 100_000 + step
        let result: Awaited<ReturnType<typeof write>>
        try {
          result = await write(child.url, style, lane, step, quantity)
        } catch {
          return // the server is gone
        }
        if (result === undefined) continue
        if ('name' in result) acknowledged.created.set(result.id, result.name)
        else
          acknowledged.quantity.set(result.id, Math.max(acknowledged.quantity.get(result.id) ?? 0, quantity))
        acknowledged.byStyle[style] += 1
        total += 1
        if (enough() && !killed) {
          killed = true
          child.process.kill('SIGKILL')
        }
      }
    }),
  )
  expect(await child.exited).toBe('SIGKILL')
}

async function killCycles(extension: string): Promise<Acknowledged> {
  const dataFile = join(directory.path, `killed.${extension}`)
  const acknowledged: Acknowledged = {
    created: new Map(),
    quantity: new Map(),
    byStyle: { rest: 0, graphql: 0, soap: 0 },
  }
  for (let round = 0; round < cycles; round += 1) {
    await cycle(dataFile, round, acknowledged)
    const index = await readDataFile(dataFile)
    for (const [id, name] of acknowledged.created) {
      expect(index.get(id)?.item.name, `${extension} round ${round}: created item ${id}`).toBe(name)
    }
    for (const [id, quantity] of acknowledged.quantity) {
      expect(index.get(id)!.item.quantity, `${extension} round ${round}: item ${id}`).toBeGreaterThanOrEqual(
        quantity,
      )
    }
  }
  return acknowledged
}

describe('kill -9 in the middle of mixed writes', () => {
  it(`loses no acknowledged write in ${cycles} cycles, for the JSON and the SQLite store`, async () => {
    const [json, sqlite] = await Promise.all([killCycles('json'), killCycles('db')])
    for (const acknowledged of [json, sqlite]) {
      expect(acknowledged.created.size + acknowledged.quantity.size).toBeGreaterThanOrEqual(cycles * 4)
      for (const style of ['rest', 'graphql', 'soap'] as const) {
        expect(acknowledged.byStyle[style]).toBeGreaterThanOrEqual(cycles)
      }
    }
    // A JSON store's killed server leaves at most one temporary file; opening the file removes it.
    const litter = (await readdir(directory.path)).filter((name) => name.startsWith('.killed.json.'))
    expect(litter.length).toBeLessThanOrEqual(1)
    await writeFile(join(directory.path, '.killed.json.999999.0a1b2c.tmp'), '{"half')
    await readDataFile(join(directory.path, 'killed.json'))
    expect((await readdir(directory.path)).filter((name) => name.startsWith('.killed.json.'))).toEqual([])
  }, 180_000)
})
