import type { Located } from './http-file.js'

const ENVELOPE = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:[\w.-]+:)?Envelope[\s>/]/
const GRAPHQL_START = /^\s*(?:query|mutation|subscription|fragment)\b/

/** A body that is a SOAP envelope (its root element is Envelope): sent and decoded as SOAP. */
export function looksLikeEnvelope(body: string): boolean {
  return ENVELOPE.test(body)
}

/** `{{…}}` templates replaced so JSON around them parses: `{"id": {{n}}}`. */
function withoutTemplates(text: string): string {
  return text.replace(/"[^"\n]*\{\{[^}]*\}\}[^"\n]*"/g, '""').replace(/\{\{[\s\S]*?\}\}/g, '0')
}

function parsesAsJson(text: string): unknown {
  try {
    return JSON.parse(withoutTemplates(text))
  } catch {
    return undefined
  }
}

const GRAPHQL_KEYS = new Set(['query', 'variables', 'operationName', 'extensions'])

/**
 * A body as httpYac writes a GraphQL request: a document (`query`,
 * `mutation`, `subscription`, `fragment` or a `{ … }` selection that is not
 * JSON), or a JSON body `{"query": …, "variables": …}`.
 */
export function looksLikeGraphQL(body: string, contentType: string | undefined): boolean {
  if (contentType !== undefined && !/json|graphql/i.test(contentType)) return false
  if (GRAPHQL_START.test(body)) return true
  const trimmed = body.trim()
  if (!trimmed.startsWith('{')) return false
  const json = parsesAsJson(trimmed)
  if (json === undefined && /^\{\s*"/.test(trimmed)) return false
  if (json === undefined)
    return parsesAsJson(graphqlParts({ text: body, line: 1, column: 1 }).query.text) === undefined
  return isGraphQLJson(json)
}

export function isGraphQLJson(
  json: unknown,
): json is { query: string; variables?: unknown; operationName?: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false
  const object = json as Record<string, unknown>
  return typeof object.query === 'string' && Object.keys(object).every((key) => GRAPHQL_KEYS.has(key))
}

/**
 * A GraphQL body's document and its variables: the JetBrains client and
 * httpYac put the variables as a JSON object after the query (after a
 * blank line). The last paragraphs that parse as one JSON object are the
 * variables; the rest is the document.
 */
export function graphqlParts(body: Located): { query: Located; variables?: Located } {
  const lines = body.text.split('\n')
  for (let start = 1; start < lines.length; start++) {
    if (lines[start - 1]!.trim() !== '' || !lines[start]!.trimStart().startsWith('{')) continue
    const tail = lines.slice(start).join('\n')
    const json = parsesAsJson(tail)
    if (typeof json !== 'object' || json === null || Array.isArray(json)) continue
    const query = lines.slice(0, start).join('\n').trimEnd()
    return {
      query: { text: query, line: body.line, column: body.column },
      variables: { text: tail, line: body.line + start, column: 1 },
    }
  }
  return { query: body }
}
