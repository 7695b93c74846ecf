import type {
  XmlAttributeRanges,
  XmlMarkupKind,
  XmlOpenToken,
  XmlTokenHandler,
} from './xml-byte-tokenizer.js'
import type { XmlAttribute, XmlToken } from './xml-tokens.js'

/** The tokenizer's findings as XmlToken objects, for readers that build values (XmlJsonStream). */
export class XmlTokenObjects implements XmlTokenHandler {
  constructor(private readonly onToken: (token: XmlToken) => void) {}

  text(bytes: Buffer, start: number, end: number, more: boolean): void {
    const raw = bytes.toString('utf8', start, end)
    this.onToken(more ? { kind: 'text', raw, more } : { kind: 'text', raw })
  }

  markup(kind: XmlMarkupKind, bytes: Buffer, start: number, end: number): void {
    this.onToken({ kind, raw: bytes.toString('utf8', start, end) })
  }

  open(
    bytes: Buffer,
    start: number,
    end: number,
    nameEnd: number,
    selfClosing: boolean,
    ranges: XmlAttributeRanges,
    token?: XmlOpenToken,
  ): void {
    if (token !== undefined) {
      this.onToken(token)
      return
    }
    const attributes: XmlAttribute[] = []
    for (let index = 0; index < ranges.count; index++) {
      const at = 5 * index
      attributes.push({
        name: bytes.toString('utf8', ranges.at[at], ranges.at[at + 1]),
        value: bytes.toString('utf8', ranges.at[at + 2], ranges.at[at + 3]),
        quote: ranges.at[at + 4] === 0x22 ? '"' : "'",
      })
    }
    const name = bytes.toString('utf8', start + 1, nameEnd)
    this.onToken({ kind: 'open', raw: bytes.toString('utf8', start, end), name, attributes, selfClosing })
  }

  close(bytes: Buffer, start: number, end: number, nameStart: number, nameEnd: number): void {
    const name = bytes.toString('utf8', nameStart, nameEnd)
    this.onToken({ kind: 'close', raw: bytes.toString('utf8', start, end), name })
  }
}
