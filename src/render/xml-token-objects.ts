import type { XmlMarkupKind, XmlOpenToken, XmlTokenHandler } from './xml-byte-tokenizer.js'
import type { XmlToken } from './xml-tokens.js'

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
    name: string,
    bytes: Buffer,
    start: number,
    end: number,
    selfClosing: boolean,
    token?: XmlOpenToken,
  ): void {
    this.onToken(
      token ?? { kind: 'open', raw: bytes.toString('utf8', start, end), name, attributes: [], selfClosing },
    )
  }

  close(name: string, bytes: Buffer, start: number, end: number): void {
    this.onToken({ kind: 'close', raw: bytes.toString('utf8', start, end), name })
  }
}
