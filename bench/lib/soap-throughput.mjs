// SOAP GetItem throughput: the apictl reference server (`apictl serve`) against
// a node-soap server (soap.listen on node:http) serving the same WSDL and the
// same item, each in its own process, measured with autocannon from this one.
// Run as `node bench/lib/soap-throughput.mjs --node-soap-server WSDL_FILE` it is
// that node-soap server.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { startChildServer } from './child-server.mjs'
import { APICTL_BIN, ROOT } from './environment.mjs'

const SELF = fileURLToPath(import.meta.url)
const ENVELOPE =
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="urn:apictl:items">' +
  '<soap:Body><tns:GetItem><tns:id>1</tns:id></tns:GetItem></soap:Body></soap:Envelope>'
const HEADERS = { 'content-type': 'text/xml; charset=utf-8', soapaction: '"urn:apictl:items#GetItem"' }

/**
 * @param {{ connections?: number, warmupSeconds?: number, rounds?: number, roundSeconds?: number }} [options]
 * @returns {Promise<{ name: string, reqPerSec: number, p50: number, p99: number, note?: string }[]>}
 */
export async function soapThroughput(options = {}) {
  const { connections = 10, warmupSeconds = 1, rounds = 3, roundSeconds = 1 } = options
  const folder = await mkdtemp(join(tmpdir(), 'apictl-soap-bench-'))
  const servers = []
  try {
    const reference = await startChildServer(
      APICTL_BIN,
      ['serve', '--port', '0', '--host', '127.0.0.1', '--quiet'],
      {
        probePath: '/soap?wsdl',
      },
    )
    servers.push({ name: 'apictl serve  POST /soap GetItem', server: reference, results: [] })
    const wsdlFile = join(folder, 'items.wsdl')
    await writeFile(wsdlFile, reference.probe.body)
    const nodeSoap = await startChildServer(SELF, ['--node-soap-server', wsdlFile], {
      probePath: '/soap?wsdl',
    })
    servers.push({ name: 'node-soap 1.x  POST /soap GetItem', server: nodeSoap, results: [] })
    for (const entry of servers) {
      const check = await fire(entry.server.url, connections, 0.2)
      if (check.non2xx > 0 || check.errors > 0 || check.totalCompletedRequests === 0)
        throw new Error(`${entry.name} did not answer GetItem with 200`)
      await fire(entry.server.url, connections, warmupSeconds)
    }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? servers : [...servers].reverse()
      for (const entry of order) entry.results.push(await fire(entry.server.url, connections, roundSeconds))
    }
  } finally {
    await Promise.all(servers.map((entry) => entry.server.stop()))
    await rm(folder, { recursive: true, force: true })
  }
  return servers.map(({ name, server, results }) =>
    summarise(name, `${server.url}/soap`, results, connections),
  )
}

function fire(url, connections, duration) {
  return autocannon({
    url: `${url}/soap`,
    method: 'POST',
    headers: HEADERS,
    body: ENVELOPE,
    connections,
    duration,
    skipAggregateResult: true,
  })
}

function summarise(name, url, results, connections) {
  const merged = autocannon.aggregateResult(results, { url, connections })
  const seconds = results.reduce((sum, result) => sum + result.duration, 0)
  const completed = results.reduce((sum, result) => sum + result.totalCompletedRequests, 0)
  const row = { name, reqPerSec: completed / seconds, p50: merged.latency.p50, p99: merged.latency.p99 }
  const problems = []
  if (merged.non2xx) problems.push(`${merged.non2xx} non-2xx`)
  if (merged.errors) problems.push(`${merged.errors} errors`)
  return problems.length > 0 ? { ...row, note: problems.join(', ') } : row
}

/** The node-soap side: the same WSDL, GetItem answering the seed's item 1. */
async function serveNodeSoap(wsdlFile) {
  const { default: soap } = await import('soap')
  const wsdl = await readFile(wsdlFile, 'utf8')
  const items = JSON.parse(await readFile(join(ROOT, 'fixtures', 'seed', 'items.json'), 'utf8'))
  const byId = new Map(items.map(({ reviews: _reviews, ...item }) => [item.id, item]))
  const GetItem = ({ id }) => {
    const item = byId.get(id)
    if (item === undefined)
      throw { Fault: { faultcode: 'soap:Client', faultstring: `item "${id}" does not exist` } }
    return { item }
  }
  const port = { GetItem }
  const services = { ItemService: { ItemsSoap11Port: port, ItemsSoap12Port: port } }
  const server = createServer((_request, response) => {
    response.statusCode = 404
    response.end()
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  soap.listen(server, '/soap', services, wsdl)
  process.stdout.write(`listening http://127.0.0.1:${server.address().port}\n`)
  const stop = () => server.close(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

if (process.argv[1] === SELF && process.argv[2] === '--node-soap-server') {
  await serveNodeSoap(process.argv[3])
} else if (process.argv[1] === SELF) {
  const rows = await soapThroughput()
  for (const row of rows) {
    const ratio = (row.reqPerSec / rows[1].reqPerSec).toFixed(2)
    console.log(
      `${row.name.padEnd(36)} ${Math.round(row.reqPerSec).toString().padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ${ratio}×${row.note ? `  ${row.note}` : ''}`,
    )
  }
}
