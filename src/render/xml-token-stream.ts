import { markupAt, XmlSyntaxError, type XmlToken } from './xml-tokens.js'

/** A text longer than this with no markup in sight yet is passed on in pieces. */
const TEXT_PIECE = 64 * 1024

/** Where a long text may be cut: not inside an entity or character reference, not between CR and LF. */
function safeCut(text: string, end: number): number {
  let cut = end
  const amp = text.lastIndexOf('&', cut - 1)
  if (amp >= 0 && cut - amp <= 32 && text.indexOf(';', amp) < 0) cut = amp
  if (text[cut - 1] === '\r') cut--
  return cut
}

/**
 * XML tokens from text that arrives a chunk at a time: each complete token is
 * handed to `onToken` as soon as it is read; a token cut by the end of a chunk
 * waits for the next (re-read only once the text after it has doubled, so a
 * long comment costs linear time). Errors are XmlSyntaxErrors whose message
 * says the line and column in the whole document.
 */
export class XmlTokenStream {
  private text = ''
  private index = 0
  /** Lines and the current line's length in the text already dropped. */
  private droppedLines = 0
  private droppedColumn = 0
  /** Do not try the waiting token again before the text is this long. */
  private waitFor = 0

  constructor(private readonly onToken: (token: XmlToken) => void) {}

  push(chunk: string): void {
    if (chunk === '') return
    this.drop()
    this.text += chunk
    if (this.text.length < this.waitFor) return
    this.read(false)
  }

  end(): void {
    this.read(true)
  }

  /** Forgets the text already tokenized, counting its lines for positions. */
  private drop(): void {
    if (this.index === 0) return
    const gone = this.text.slice(0, this.index)
    let newline = gone.indexOf('\n')
    if (newline < 0) this.droppedColumn += gone.length
    else {
      let last = newline
      while (newline >= 0) {
        this.droppedLines++
        last = newline
        newline = gone.indexOf('\n', newline + 1)
      }
      this.droppedColumn = gone.length - last - 1
    }
    this.text = this.text.slice(this.index)
    this.waitFor = Math.max(0, this.waitFor - this.index)
    this.index = 0
  }

  private position(index: number): string {
    const before = this.text.slice(0, index)
    const lastNewline = before.lastIndexOf('\n')
    if (lastNewline < 0) return `line ${this.droppedLines + 1}, column ${this.droppedColumn + index + 1}`
    let lines = 0
    for (let at = before.indexOf('\n'); at >= 0; at = before.indexOf('\n', at + 1)) lines++
    return `line ${this.droppedLines + lines + 1}, column ${index - lastNewline}`
  }

  private read(final: boolean): void {
    const text = this.text
    let index = this.index
    try {
      while (index < text.length) {
        const next = text.indexOf('<', index)
        if (next !== index) {
          let end = next < 0 ? text.length : next
          if (next < 0 && !final) {
            if (end - index < TEXT_PIECE) break
            end = safeCut(text, end)
            if (end <= index) break
            this.onToken({ kind: 'text', raw: text.slice(index, end), more: true })
          } else this.onToken({ kind: 'text', raw: text.slice(index, end) })
          index = end
          continue
        }
        const markup = markupAt(text, index, final)
        if (markup === undefined) {
          this.waitFor = index + 2 * (text.length - index)
          break
        }
        this.onToken(markup.token)
        index = markup.end
      }
    } catch (error) {
      if (error instanceof XmlSyntaxError && error.index !== undefined) {
        throw new XmlSyntaxError(`${error.message} at ${this.position(error.index)}`)
      }
      throw error
    } finally {
      this.index = index
    }
  }
}

/** Every token of a whole text (read as one chunk). */
export function xmlTokens(text: string): XmlToken[] {
  const tokens: XmlToken[] = []
  const stream = new XmlTokenStream((token) => tokens.push(token))
  stream.push(text)
  stream.end()
  return tokens
}
