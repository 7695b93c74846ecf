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
  const version = response.httpVersion.startsWith('HTTP/')
    ? response.httpVersion
    : `HTTP/${response.httpVersion}`
  const status = [String(response.status), escapeControl(response.statusText, { newlines: false })]
    .filter((part) => part !== '')
    .join(' ')
  return `${theme.protocol(version)} ${theme.status(response.status)(status)}`
}
