// A bare node:http server answering every request with the same bytes.
// usage: node bare-server.mjs BODY [CONTENT-TYPE]   prints `listening URL` once it listens.
import { createServer } from 'node:http'

const body = Buffer.from(process.argv[2] ?? '{}')
const contentType = process.argv[3] ?? 'application/json'
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length })
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening http://127.0.0.1:${server.address().port}\n`)
})
const stop = () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
