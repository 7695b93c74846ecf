// json-server 0.17 serving { items: [ITEM] } in memory, request log off (as `json-server --quiet`).
// usage: node json-server.mjs ITEM_JSON   prints `listening URL` once it listens.
import jsonServer from 'json-server'

const item = JSON.parse(process.argv[2] ?? '{"id":"1"}')
const app = jsonServer.create()
app.use(jsonServer.defaults({ logger: false }))
app.use(jsonServer.router({ items: [item] }))
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening http://127.0.0.1:${server.address().port}\n`)
})
const stop = () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
