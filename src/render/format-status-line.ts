import { escapeControl } from './safe-text.js'
import { createTheme } from './theme.js'

export interface StatusLineParts {
  httpVersion: string
  status: number
  statusText: string
}

/** `HTTP/1.1 200 OK`, the status coloured by class (2xx green, 3xx cyan, 4xx yellow, 5xx red). */
export function formatStatusLine(response: StatusLineParts, options: { colour: boolean }): string {
  const theme = createTheme(options.colour)
  // Node says 2.0 for HTTP/2; the protocol is named HTTP/2 (as curl and HTTPie print it).
  const named = response.httpVersion === '2.0' ? '2' : response.httpVersion
  const version = named.startsWith('HTTP/') ? named : `HTTP/${named}`
  const status = [String(response.status), escapeControl(response.statusText, { newlines: false })]
    .filter((part) => part !== '')
    .join(' ')
  return `${theme.protocol(version)} ${theme.status(response.status)(status)}`
}
