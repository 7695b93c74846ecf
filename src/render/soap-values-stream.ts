import { ResponseError } from '../core/errors.js'
import type { ParameterDescription } from '../protocols/soap/client/service-description.js'
import { typedValues } from '../protocols/soap/client/typed-values.js'
import { addChild, emptyRecord, operationValues, type SoapValue } from '../protocols/soap/message-values.js'
import { SoapFieldsWriter } from './soap-fields-writer.js'
import type {
  XmlAttributeRanges,
  XmlMarkupKind,
  XmlOpenToken,
  XmlTokenHandler,
} from './xml-byte-tokenizer.js'
import { decodeEntities } from './xml-json-stream.js'
import { XmlSyntaxError } from './xml-tokens.js'

/** Values held back beyond this many characters are written, and their element's later children as each ends. */
export const SOAP_VALUES_WINDOW = 1 << 20

/** The most characters one text value may have (the whole-envelope reader's own bound). */
const MAX_TEXT = 10 * 1024 * 1024
/** Element nesting, the envelope's included (the whole-envelope reader's bound). */
const MAX_DEPTH = 100

interface Frame {
  /** Local name. */
  name: string
  nil: boolean
  /** The described children (what types them). */
  params: readonly ParameterDescription[] | undefined
  text: string
  /** Children ended and not yet written. */
  children: Array<[string, SoapValue]>
  /** Once written as far as it goes (committed): what writes its later children as they end. */
  fields?: SoapFieldsWriter
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1)
const isNilAttribute = (name: string, value: string) =>
  localName(name) === 'nil' && name.includes(':') && (value.trim() === 'true' || value.trim() === '1')

/** An attribute `prefix:nil` that is true, among an open tag's attribute ranges (names are read only when they end so). */
function hasNil(bytes: Buffer, ranges: XmlAttributeRanges): boolean {
  for (let index = 0; index < ranges.count; index++) {
    const at = 5 * index
    const nameEnd = ranges.at[at + 1]!
    if (nameEnd - ranges.at[at]! < 5 || bytes[nameEnd - 4] !== 0x3a || bytes[nameEnd - 1] !== 0x6c) continue
    const name = bytes.toString('utf8', ranges.at[at], nameEnd)
    if (isNilAttribute(name, bytes.toString('utf8', ranges.at[at + 2], ranges.at[at + 3]))) return true
  }
  return false
}

/**
 * A SOAP result envelope's values as `-o json` shows them
 * (`{"operation": …, "result": …}`, typed as typedValues types them), made
 * as the envelope's tokens arrive and written as compact JSON text. Values
 * are built as the whole-envelope reader builds them (elementValue); while
 * more than SOAP_VALUES_WINDOW characters are held, the open elements are
 * written as far as they go and their later children as each ends, so a
 * long list streams. A document under the window comes out exactly as a
 * whole one. Past it, an element's children keep the order in which their
 * names end (the list open when it was committed comes last), and a name
 * that comes back after another starts a second field of that name, as
 * XmlJsonStream does.
 */
export class SoapValuesStream implements XmlTokenHandler {
  private readonly names: string[] = []
  private readonly stack: Frame[] = []
  /** Elements of the envelope around the result (Envelope, Body), or a subtree skipped (Header, a second Body element). */
  private skipping = 0
  private operation: string | undefined
  private done = false
  private held = 0
  private piece: string | undefined

  constructor(
    private readonly parameters: readonly ParameterDescription[] | undefined,
    private readonly write: (json: string) => void,
    private readonly window = SOAP_VALUES_WINDOW,
  ) {}

  text(bytes: Buffer, start: number, end: number, more: boolean): void {
    const raw = bytes.toString('utf8', start, end)
    if (more) {
      this.piece = (this.piece ?? '') + raw
      // Bounded as it arrives: a value's pieces are held until it ends.
      if (this.piece.length > MAX_TEXT) throw valueTooLong()
      return
    }
    const whole = this.piece === undefined ? raw : this.piece + raw
    this.piece = undefined
    this.addText(decodeEntities(whole), whole)
  }

  markup(kind: XmlMarkupKind, bytes: Buffer, start: number, end: number): void {
    if (kind === 'doctype') {
      throw new ResponseError('The SOAP answer declares a DOCTYPE: DOCTYPE is not allowed.', {
        hint: 'Use -o raw to see the answer as received.',
      })
    }
    if (kind === 'cdata') this.addText(bytes.toString('utf8', start + 9, end - 3), 'cdata')
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
    const name = token?.name ?? bytes.toString('utf8', start + 1, nameEnd)
    const nil =
      token === undefined
        ? hasNil(bytes, ranges)
        : token.attributes.some((attribute) => isNilAttribute(attribute.name, attribute.value))
    this.openElement(name, nil, end - start)
    if (selfClosing) this.closeElement(name)
  }

  close(bytes: Buffer, _start: number, _end: number, nameStart: number, nameEnd: number): void {
    this.closeElement(bytes.toString('utf8', nameStart, nameEnd))
  }

  /** The envelope ended: throws unless it was complete and held a result. */
  end(): void {
    if (this.names.length > 0) throw new XmlSyntaxError(`<${this.names.at(-1)}> is never closed`)
    if (!this.done) throw new XmlSyntaxError('The envelope has no result in its Body')
  }

  private addText(text: string, raw: string): void {
    const frame = this.stack.at(-1)
    if (frame === undefined) {
      if (this.names.length === 0 && raw.trim() !== '')
        throw new XmlSyntaxError('Text outside the root element')
      return
    }
    if (frame.fields !== undefined || frame.children.length > 0) return
    frame.text += text
    if (frame.text.length > MAX_TEXT) throw valueTooLong()
    this.held += raw.length
  }

  private openElement(name: string, nil: boolean, size: number): void {
    this.names.push(name)
    if (this.names.length > MAX_DEPTH) {
      throw new ResponseError(`The SOAP answer is nested deeper than ${MAX_DEPTH} elements.`, {
        hint: 'Use -o raw to see the answer as received.',
      })
    }
    const depth = this.names.length
    const local = localName(name)
    if (
      this.skipping > 0 ||
      (depth === 2 && local !== 'Body') ||
      (depth === 3 && this.operation !== undefined)
    ) {
      this.skipping++
      return
    }
    if (depth === 1 && local !== 'Envelope') throw new XmlSyntaxError(`<${name}> is not a SOAP Envelope`)
    if (depth < 3) return
    const parent = this.stack.at(-1)
    const params = parent === undefined ? this.parameters : parent.params
    const described = params?.find((parameter) => parameter.name === local)
    if (parent === undefined) this.operation = local
    this.stack.push({
      name: local,
      nil,
      params: parent === undefined ? this.parameters : described?.children,
      text: '',
      children: [],
    })
    this.held += size
  }

  private closeElement(name: string): void {
    if (this.names.at(-1) !== name) throw new XmlSyntaxError(`Unexpected </${name}>`)
    this.names.pop()
    if (this.skipping > 0) {
      this.skipping--
      return
    }
    if (this.names.length < 2) return
    const frame = this.stack.pop()!
    const parent = this.stack.at(-1)
    if (parent === undefined) {
      this.endOperation(frame)
      return
    }
    if (frame.fields !== undefined) {
      // Its own fields end; the parent's field it is in (a list, maybe) stays open for more of its name.
      frame.fields.end()
      this.write('}')
      return
    }
    const value = frameValue(frame)
    if (parent.fields !== undefined) parent.fields.child(frame.name, value)
    else parent.children.push([frame.name, value])
    if (this.held > this.window) this.commit()
  }

  private endOperation(frame: Frame): void {
    this.done = true
    if (frame.fields !== undefined) {
      frame.fields.end()
      this.write('}}')
      return
    }
    const result = typedValues(operationValues(frameValue(frame)), this.parameters)
    this.write(`{"operation":${JSON.stringify(frame.name)},"result":${JSON.stringify(result)}}`)
  }

  /** Writes the open elements (outermost first) as far as they go; an element holding only text so far waits. */
  private commit(): void {
    for (const [depth, frame] of this.stack.entries()) {
      if (frame.fields !== undefined) continue
      const next = this.stack[depth + 1]
      if (next === undefined && frame.children.length === 0) break
      const parent = this.stack[depth - 1]
      if (parent === undefined) this.write(`{"operation":${JSON.stringify(frame.name)},"result":{`)
      else {
        parent.fields!.openChild(frame.name)
        this.write('{')
      }
      frame.fields = new SoapFieldsWriter(frame.params, this.write)
      frame.fields.held(frame.children)
      frame.children = []
    }
    this.held = 0
  }
}

/** An ended element's value, as elementValue reads it: null for xsi:nil, its text, or its children by name. */
function frameValue(frame: Frame): SoapValue {
  if (frame.nil) return null
  if (frame.children.length === 0) return frame.text
  const record = emptyRecord()
  for (const [name, value] of frame.children) addChild(record, name, value)
  return record
}

function valueTooLong(): ResponseError {
  return new ResponseError(
    `A value in the SOAP answer is longer than ${MAX_TEXT / 1024 / 1024} Mi characters.`,
    {
      hint: 'Use -o raw to save the answer as received.',
    },
  )
}
