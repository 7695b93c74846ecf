// The output modes and paged cases of the body goldens (capture.mjs writes
// them, body-goldens.test.ts checks them).

/** Each mode: the CLI arguments and environment, and the same as print options. */
export function goldenModes(name) {
  const modes = [
    { name: 'pretty', args: [], env: {} },
    { name: 'pretty-colour', args: [], env: { FORCE_COLOR: '1' } },
    { name: 'json', args: ['-o', 'json'], env: {} },
    { name: 'json-colour', args: ['-o', 'json'], env: { FORCE_COLOR: '1' } },
    { name: 'table', args: ['-o', 'table'], env: {} },
    { name: 'table-80', args: ['-o', 'table'], env: { COLUMNS: '80' } },
    { name: 'table-colour-80', args: ['-o', 'table'], env: { FORCE_COLOR: '1', COLUMNS: '80' } },
  ]
  if (name.endsWith('.xml')) modes.push({ name: 'xml', args: ['-o', 'xml'], env: {} })
  return modes
}

const pageItems = (page, size) =>
  Array.from({ length: size }, (_, index) => ({
    id: page * 10 + index,
    name: `item ${page}.${index}`,
    n: index / 2,
  }))

/** --all cases: three pages (4, 4 and 2 items of 10) linked by Link headers; the last page's shape varies. */
export const pagedCases = [
  { name: 'paged-lists', path: '/paged/lists?limit=4' },
  { name: 'paged-ends-in-object', path: '/paged/object?limit=4' },
]

export function servePaged(url, response) {
  const page = Number(url.searchParams.get('page') ?? '1')
  const kind = url.pathname.split('/')[2]
  const last = page >= 3
  const headers = { 'content-type': 'application/json', 'x-total-count': '10' }
  if (!last) headers.link = `<${url.pathname}?limit=4&page=${page + 1}>; rel="next"`
  const body = kind === 'object' && last ? { message: 'no more' } : pageItems(page, last ? 2 : 4)
  response.writeHead(200, headers)
  response.end(JSON.stringify(body))
}
