/** The representations the REST API can answer in. */
export type Format = 'json' | 'xml'

/** What the client gets: the representation, and the media type it is labelled with. */
export interface Negotiated {
  format: Format
  contentType: string
}

export const jsonContentType = 'application/json; charset=utf-8'
export const xmlContentType = 'application/xml; charset=utf-8'
export const textXmlContentType = 'text/xml; charset=utf-8'

const json: Negotiated = { format: 'json', contentType: jsonContentType }

/** In order of preference when the client rates several equally. */
const offered: ReadonlyArray<{ type: string; answer: Negotiated }> = [
  { type: 'application/json', answer: json },
  { type: 'application/xml', answer: { format: 'xml', contentType: xmlContentType } },
  { type: 'text/xml', answer: { format: 'xml', contentType: textXmlContentType } },
]

interface Range {
  type: string
  subtype: string
  quality: number
  order: number
}

function parseRange(text: string, order: number): Range | undefined {
  const [mediaRange, ...parameters] = text.split(';')
  const [type, subtype] = mediaRange!.trim().toLowerCase().split('/')
  if (!type || !subtype) return undefined
  let quality = 1
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=')
    if (name?.trim().toLowerCase() === 'q') {
      quality = Number(value?.trim())
      if (!Number.isFinite(quality)) quality = 0
    }
  }
  return { type, subtype, quality, order }
}

function matches(range: Range, type: string): boolean {
  const [offeredType, offeredSubtype] = type.split('/')
  if (range.type === '*') return true
  if (range.type !== offeredType) return false
  return range.subtype === '*' || range.subtype === offeredSubtype
}

function specificity(range: Range): number {
  return range.type === '*' ? 0 : range.subtype === '*' ? 1 : 2
}

/**
 * Picks JSON or XML from an Accept header (RFC 9110 §12.5.1: the most
 * specific range decides each type's quality, highest quality wins, ties go
 * to JSON, then application/xml): XML is labelled text/xml when that is the
 * type the client rated highest (`text/xml`, `text/*`). Undefined when
 * nothing acceptable is offered (406).
 */
export function negotiateFormat(accept: string | undefined): Negotiated | undefined {
  if (accept === undefined || accept === '' || accept === '*/*' || accept === 'application/json') return json
  const ranges = accept
    .split(',')
    .map((part, index) => parseRange(part, index))
    .filter((range): range is Range => range !== undefined)
  let best: { answer: Negotiated; quality: number } | undefined
  for (const candidate of offered) {
    const applicable = ranges
      .filter((range) => matches(range, candidate.type))
      .sort((left, right) => specificity(right) - specificity(left))[0]
    const quality = applicable?.quality ?? 0
    if (quality > 0 && (best === undefined || quality > best.quality))
      best = { answer: candidate.answer, quality }
  }
  return best?.answer
}
