import type { RequestBlock } from './http-file.js'

/** How a request is named in progress, summaries and reports: `# @name`, else the ### title, else what it sends. */
export function requestLabel(block: RequestBlock): string {
  if (block.name) return block.name
  if (block.title) return block.title
  if (block.method === 'SOAP') return `SOAP ${block.operation?.text ?? ''}`
  if (block.method === 'GRAPHQL') return `GRAPHQL ${block.url?.text ?? ''}`.trim()
  return `${block.method ?? 'GET'} ${block.url?.text ?? ''}`
}
