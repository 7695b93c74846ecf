// The floor for "one HTTP request from Node": a single http.get, body to stdout.
// usage: node bench/lib/bare-request.mjs URL
import { get } from 'node:http'

get(process.argv[2], (response) => {
  response.pipe(process.stdout)
  response.on('end', () => {
    if (response.statusCode >= 400) process.exitCode = 4
  })
}).on('error', (error) => {
  process.stderr.write(`bare-request: ${error.message}\n`)
  process.exitCode = 3
})
