export const graphqlResponseType = 'application/graphql-response+json; charset=utf-8'
export const jsonResponseType = 'application/json; charset=utf-8'

function quality(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=')
    if (name?.trim().toLowerCase() === 'q') return Number(value?.trim()) || 0
  }
  return 1
}

/**
 * The media type for an answer the server writes itself (before Apollo
 * runs): `application/graphql-response+json` when the client prefers it
 * (higher q, or listed first at equal q), else `application/json`.
 */
export function responseMediaType(accept: string | undefined): string {
  if (accept === undefined) return jsonResponseType
  let best = { type: jsonResponseType, q: 0 }
  for (const range of accept.split(',')) {
    const [type = '', ...parameters] = range.split(';')
    const essence = type.trim().toLowerCase()
    const q = quality(parameters)
    if (essence === 'application/graphql-response+json' && q > best.q) best = { type: graphqlResponseType, q }
    else if (
      (essence === 'application/json' || essence === 'application/*' || essence === '*/*') &&
      q > best.q
    )
      best = { type: jsonResponseType, q }
  }
  return best.type
}
