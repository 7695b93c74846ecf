/**
 * A tiny ANSI theme. Every member wraps text in one SGR colour and a full
 * reset; with colour off every member returns its input unchanged, so the
 * formatters never branch on colour themselves.
 */
export type Paint = (text: string) => string

export interface Theme {
  readonly colour: boolean
  key: Paint
  string: Paint
  number: Paint
  boolean: Paint
  null: Paint
  punctuation: Paint
  headerName: Paint
  headerValue: Paint
  /** XML element names, attribute names and values, comments and other markup. */
  tag: Paint
  attributeName: Paint
  attributeValue: Paint
  comment: Paint
  method: Paint
  url: Paint
  protocol: Paint
  dim: Paint
  bold: Paint
  warning: Paint
  error: Paint
  /** Colours by status class: 1xx blue, 2xx green, 3xx cyan, 4xx yellow, 5xx red. */
  status(code: number): Paint
}

const identity: Paint = (text) => text

function sgr(code: string): Paint {
  return (text) => (text === '' ? text : `\u001b[${code}m${text}\u001b[0m`)
}

const statusCodes: Record<number, string> = { 1: '1;34', 2: '1;32', 3: '1;36', 4: '1;33', 5: '1;31' }

const colourTheme: Theme = {
  colour: true,
  key: sgr('34'),
  string: sgr('32'),
  number: sgr('36'),
  boolean: sgr('33'),
  null: sgr('35'),
  punctuation: sgr('2'),
  headerName: sgr('36'),
  headerValue: identity,
  tag: sgr('34'),
  attributeName: sgr('36'),
  attributeValue: sgr('32'),
  comment: sgr('2'),
  method: sgr('1;32'),
  url: identity,
  protocol: sgr('34'),
  dim: sgr('2'),
  bold: sgr('1'),
  warning: sgr('33'),
  error: sgr('1;31'),
  status: (code) => sgr(statusCodes[Math.floor(code / 100)] ?? '1'),
}

const plainTheme: Theme = {
  colour: false,
  key: identity,
  string: identity,
  number: identity,
  boolean: identity,
  null: identity,
  punctuation: identity,
  headerName: identity,
  headerValue: identity,
  tag: identity,
  attributeName: identity,
  attributeValue: identity,
  comment: identity,
  method: identity,
  url: identity,
  protocol: identity,
  dim: identity,
  bold: identity,
  warning: identity,
  error: identity,
  status: () => identity,
}

export function createTheme(colour: boolean): Theme {
  return colour ? colourTheme : plainTheme
}
