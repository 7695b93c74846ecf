// Serves a long paged list for --all: GET /items?page=N (N from 1) answers a
// JSON array of PER_PAGE items (bodies.mjs's items) with a Link rel="next"
// until page PAGES; `?pages=` and `?per_page=` change the shape. Made per
// request, nothing held. For section H; prints `listening URL` once it listens.
import { createServer } from 'node:http'
import { item } from '../bodies.mjs'

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://x')
  if (url.pathname !== '/items') {
    response.writeHead(404, { 'content-type': 'text/plain' })
    response.end('not found\n')
    return
  }
  const pages = Number(url.searchParams.get('pages') ?? 500)
  const perPage = Number(url.searchParams.get('per_page') ?? 200)
  const page = Number(url.searchParams.get('page') ?? 1)
  const at = (number) => `</items?pages=${pages}&per_page=${perPage}&page=${number}>`
  const headers = { 'content-type': 'application/json', 'x-total-count': String(pages * perPage) }
  // As GitHub links them: the last page links its first, and no next.
  headers.link = page < pages ? `${at(page + 1)}; rel="next"` : `${at(1)}; rel="first"`
  const first = (page - 1) * perPage
  const items = Array.from({ length: perPage }, (_, n) => item(first + n))
  response.writeHead(200, headers)
  response.end(JSON.stringify(items))
})
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening http://127.0.0.1:${server.address().port}\n`)
})
