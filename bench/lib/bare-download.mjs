// The floor for a Node.js download: one http.get piped to a file (fs.WriteStream), nothing else.
// usage: node bare-download.mjs URL FILE
import { createWriteStream } from 'node:fs'
import { get } from 'node:http'
import { pipeline } from 'node:stream/promises'

get(process.argv[2], (response) => {
  pipeline(response, createWriteStream(process.argv[3])).catch((error) => {
    process.stderr.write(`${error.message}\n`)
    process.exitCode = 1
  })
})
