/** Small fetch helpers for the /graphql tests: real HTTP against the reference server. */

export const demoBasic = `Basic ${Buffer.from('demo:demo').toString('base64')}`

export interface Answer {
  status: number
  headers: Headers
  contentType: string
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON came back
  json: any
}

export async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return {
    status: response.status,
    headers: response.headers,
    contentType: response.headers.get('content-type') ?? '',
    text,
    json,
  }
}

/** POST a GraphQL request as JSON. */
export async function postGraphql(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return answerOf(
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
}

/** POST just a document (with optional variables). */
export function query(
  url: string,
  document: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return postGraphql(
    url,
    variables === undefined ? { query: document } : { query: document, variables },
    headers,
  )
}
