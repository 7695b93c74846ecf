// Serves the files named on the command line from disk (streamed, with a
// Content-Length): GET /NAME answers the file NAME with the content type its
// extension says. For section E; prints `listening URL` once it listens.
import { createReadStream, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { basename } from 'node:path'

const files = new Map(process.argv.slice(2).map((file) => [`/${basename(file)}`, file]))
const types = { json: 'application/json', xml: 'application/xml' }

const server = createServer((request, response) => {
  const file = files.get(request.url ?? '')
  if (file === undefined) {
    response.writeHead(404, { 'content-type': 'text/plain' })
    response.end('not found\n')
    return
  }
  const type = types[file.split('.').at(-1)] ?? 'application/octet-stream'
  response.writeHead(200, { 'content-type': type, 'content-length': statSync(file).size })
  createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(response)
})
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening http://127.0.0.1:${server.address().port}\n`)
})
