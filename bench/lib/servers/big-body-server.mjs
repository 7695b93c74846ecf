// A node:http server answering every request with the same big body, written in 1 MiB blocks
// with backpressure (the server never holds it all). usage: node big-body-server.mjs [MIB]
// (default 100); prints `listening URL` once it listens.
import { createServer } from 'node:http'

const mebibytes = Number(process.argv[2] ?? 100)
const block = Buffer.alloc(1024 * 1024)
for (let index = 0; index < block.length; index++) block[index] = (index * 31 + 7) & 0xff
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': String(mebibytes * block.length),
  })
  let sent = 0
  const more = () => {
    while (sent < mebibytes) {
      sent += 1
      if (!response.write(block)) return void response.once('drain', more)
    }
    response.end()
  }
  more()
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
