// The apictl reference server from the built library (dist/index.js), alone in its process.
// usage: node reference-server.mjs [LIBRARY]   LIBRARY: the dist/index.js to use (default: the checkout's)
// Prints `listening URL` once it listens; exits 78 when the build does not export startServer.
import { pathToFileURL } from 'node:url'

const NOT_EXPORTED = 78
const LIBRARY = process.argv[2]
  ? pathToFileURL(process.argv[2])
  : new URL('../../../dist/index.js', import.meta.url)

let library
try {
  library = await import(LIBRARY.href)
} catch (error) {
  const missing = error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(LIBRARY.pathname)
  process.stderr.write(
    `${missing ? 'dist/index.js not built (npm run build)' : `dist/index.js: ${error.message}`}\n`,
  )
  process.exit(1)
}
if (typeof library.startServer !== 'function') {
  process.stderr.write('dist/index.js does not export startServer\n')
  process.exit(NOT_EXPORTED)
}
const server = await library.startServer({ port: 0, host: '127.0.0.1' })
process.stdout.write(`listening ${server.url}\n`)
const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
