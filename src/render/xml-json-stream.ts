import { ResponseError } from '../core/errors.js'
import { setField } from '../core/set-field.js'
import { HoldLimitError } from './hold-limit-error.js'
import { layoutJsonTokens } from './json-printer.js'
import type { JsonStreamLayout } from './json-stream-layout.js'
import { jsonValueTokens } from './json-value-tokens.js'
import { maxXmlDepth, type XmlAttribute, XmlSyntaxError, type XmlToken } from './xml-tokens.js'

interface Frame {
  name: string
  attributes: XmlAttribute[]
  children: Map<string, unknown[]>
  texts: string[]
  /** Written out as far as it goes (see XmlJsonStream); its later children are written as they end. */
  committed: boolean
  /** While committed: the group of children written last, still open as an array, or as one value. */
  open?: { name: string; array: boolean }
  /** While committed: children of one name held back until the next one says whether they are a list. */
  waiting?: { name: string; values: unknown[] }
}

const namedEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** The five predefined entities and character references; any other `&name;` stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (!name.startsWith('#')) return namedEntities[name] ?? whole
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

/** The longest text value the JSON view of XML holds (16 Mi characters: a 12 MB base64 blob fits). */
const XML_TEXT_LIMIT = 16 * 1024 * 1024

/** `#text` of an element: its text exactly when it has no child elements, else the trimmed parts joined. */
function elementText(frame: Frame): string {
  if (frame.children.size === 0 && !frame.committed) return frame.texts.join('')
  return frame.texts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ')
}

function elementValue(frame: Frame): unknown {
  if (frame.attributes.length === 0 && frame.children.size === 0) return frame.texts.join('')
  const result: Record<string, unknown> = {}
  for (const attribute of frame.attributes)
    setField(result, `@${attribute.name}`, decodeEntities(attribute.value))
  for (const [name, values] of frame.children)
    setField(result, name, values.length === 1 ? values[0] : values)
  const text = elementText(frame)
  if (text !== '') setField(result, '#text', text)
  return result
}

function childText(token: Extract<XmlToken, { kind: 'text' | 'cdata' }>): string {
  return token.kind === 'cdata' ? token.raw.slice(9, -3) : decodeEntities(token.raw)
}

/** Elements held back beyond this many characters are written and committed. */
export const XML_JSON_WINDOW = 1 << 20

/**
 * Told of each element kept in its parent: the parent (as an opaque key) and
 * the elements of that name it holds so far, the new one last. It may take
 * them out of the list (an XML table prints its rows so).
 */
export type XmlChildWatch = (parent: object, siblings: unknown[]) => void

/**
 * The compact JSON view of an XML document, built as its tokens arrive:
 * `{ root: ... }`; an element with only text becomes that string, otherwise
 * an object with `@attribute` fields, child elements by name (repeated names
 * become arrays, in the order each name first appears) and `#text`.
 * Comments and instructions are dropped. A DOCTYPE or nesting deeper than
 * 200 elements throws a ResponseError, markup that is not well-formed an
 * XmlSyntaxError.
 *
 * Without a layout, `end()` gives the value. With one, the value is written
 * to it; elements still open when more than XML_JSON_WINDOW characters are
 * held are written as far as they go and their later children as each ends,
 * so a long list streams. Such a committed element keeps its fields in the
 * order they end (the group open when it was committed comes last), and a
 * name that comes back after another one starts a second field of that name.
 * A document smaller than the window comes out exactly as a whole.
 */
export class XmlJsonStream {
  private readonly stack: Frame[] = []
  private root: unknown
  private rootName: string | undefined
  private held = 0
  private piece: string | undefined

  constructor(
    private readonly layout?: JsonStreamLayout,
    private readonly watch?: XmlChildWatch,
  ) {}

  place(token: XmlToken): void {
    const parent = this.stack.at(-1)
    if (token.kind === 'text' && token.more) {
      this.piece = (this.piece ?? '') + token.raw
      // A text value is held until it ends (it becomes one JSON string): bounded as it arrives.
      if (this.piece.length > XML_TEXT_LIMIT) {
        throw new HoldLimitError(
          `The XML body has a text value longer than ${XML_TEXT_LIMIT / 1024 / 1024} Mi characters, too long to hold as one JSON string`,
          { hint: 'Use -o xml or -o raw, which print it as it arrives.' },
        )
      }
      return
    }
    if (token.kind === 'text' && this.piece !== undefined) {
      token = { kind: 'text', raw: this.piece + token.raw }
      this.piece = undefined
    }
    if (token.kind === 'doctype') {
      throw new ResponseError(
        'The XML body declares a DOCTYPE: DOCTYPE is not allowed (DTDs are never processed)',
        { hint: 'Use -o raw or -o xml to see the body as received' },
      )
    }
    if (token.kind === 'text' || token.kind === 'cdata') {
      if (parent !== undefined) {
        const text = childText(token)
        if (!parent.committed || text.trim() !== '') parent.texts.push(text)
        this.held += text.length
      } else if (token.kind === 'cdata' || token.raw.trim() !== '')
        throw new XmlSyntaxError('Text outside the root element')
      return
    }
    if (token.kind === 'comment' || token.kind === 'instruction') return
    if (token.kind === 'open') {
      if (parent === undefined && this.rootName !== undefined)
        throw new XmlSyntaxError('More than one root element')
      if (this.stack.length >= maxXmlDepth) {
        throw new ResponseError(`The XML body is nested deeper than ${maxXmlDepth} elements`, {
          hint: 'Use -o raw to see the body as received',
        })
      }
      if (parent === undefined) this.rootName = token.name
      const frame: Frame = {
        name: token.name,
        attributes: token.attributes,
        children: new Map(),
        texts: [],
        committed: false,
      }
      this.held += token.raw.length
      if (token.selfClosing) this.finish(frame)
      else this.stack.push(frame)
    } else {
      if (parent?.name !== token.name) throw new XmlSyntaxError(`Unexpected </${token.name}>`)
      this.finish(this.stack.pop()!)
    }
    if (this.layout !== undefined && this.held > XML_JSON_WINDOW) this.commit()
  }

  /** The end of the document: the value (without a layout), after checking it was one complete root element. */
  end(): unknown {
    if (this.stack.length > 0) throw new XmlSyntaxError(`<${this.stack.at(-1)!.name}> is never closed`)
    if (this.rootName === undefined) throw new XmlSyntaxError('No root element')
    return this.root
  }

  /**
   * The value as it stands: each open element with what it holds so far, and
   * the open element inside it as its last child (without a layout).
   */
  valueSoFar(): unknown {
    let inner: { name: string; value: unknown } | undefined
    for (let depth = this.stack.length - 1; depth >= 0; depth--) {
      const frame = this.stack[depth]!
      const children = new Map(frame.children)
      if (inner !== undefined) children.set(inner.name, [...(children.get(inner.name) ?? []), inner.value])
      inner = { name: frame.name, value: elementValue({ ...frame, children }) }
    }
    if (inner === undefined) return this.root
    const root = {}
    setField(root, inner.name, inner.value)
    return root
  }

  /** An element ended: into its parent's children, or (committed parent) written. */
  private finish(frame: Frame): void {
    const holder = this.stack.at(-1)
    if (frame.committed) {
      this.closeCommitted(frame)
      return
    }
    const value = elementValue(frame)
    if (holder === undefined) {
      const root = {}
      setField(root, frame.name, value)
      this.root = root
      if (this.layout !== undefined) this.write(root)
    } else if (holder.committed) this.committedChild(holder, frame.name, value)
    else {
      let siblings = holder.children.get(frame.name)
      if (siblings === undefined) {
        siblings = []
        holder.children.set(frame.name, siblings)
      }
      siblings.push(value)
      this.watch?.(holder, siblings)
    }
    if (holder === undefined || holder.committed) this.held = 0
  }

  private write(value: unknown): void {
    layoutJsonTokens(this.layout!, jsonValueTokens(value))
  }

  private key(name: string): void {
    this.layout!.beginKey()
    this.layout!.out.writeText(JSON.stringify(name))
    this.layout!.endKey()
  }

  /** Writes the open frames that are not yet committed (outermost first) as far as they go. */
  private commit(): void {
    const layout = this.layout!
    for (const [depth, frame] of this.stack.entries()) {
      if (frame.committed) continue
      const next = this.stack[depth + 1]
      // An element holding only text so far is not written: it may yet be a plain string.
      if (next === undefined && frame.attributes.length === 0 && frame.children.size === 0) break
      const parent = this.stack[depth - 1]
      if (parent === undefined) {
        layout.open(0x7b)
        this.key(frame.name)
      } else this.openChild(parent, frame.name)
      layout.open(0x7b)
      for (const attribute of frame.attributes) {
        this.key(`@${attribute.name}`)
        this.write(decodeEntities(attribute.value))
      }
      const siblings = next === undefined ? undefined : frame.children.get(next.name)
      for (const [name, values] of frame.children) {
        if (values === siblings) continue
        this.key(name)
        this.write(values.length === 1 ? values[0] : values)
      }
      if (next !== undefined && siblings !== undefined) frame.waiting = { name: next.name, values: siblings }
      frame.children.clear()
      frame.texts = frame.texts.filter((text) => text.trim() !== '')
      frame.committed = true
    }
    this.held = 0
  }

  /** A committed element's child starts being written (committed itself): its key, and `[` when it is one of several. */
  private openChild(parent: Frame, name: string): void {
    const layout = this.layout!
    if (parent.open?.name === name && parent.open.array) return
    const waiting = parent.waiting
    parent.waiting = undefined
    if (waiting !== undefined && waiting.name === name) {
      this.closeOpen(parent)
      this.key(name)
      layout.open(0x5b)
      for (const value of waiting.values) this.write(value)
      parent.open = { name, array: true }
      return
    }
    this.flushWaiting(parent, waiting)
    this.closeOpen(parent)
    this.key(name)
    parent.open = { name, array: false }
  }

  /** A committed element's child ended (not committed itself): written, or held until the next says whether it is a list. */
  private committedChild(parent: Frame, name: string, value: unknown): void {
    if (parent.open?.name === name && parent.open.array) {
      this.write(value)
      return
    }
    const waiting = parent.waiting
    if (waiting === undefined || waiting.name !== name) {
      this.flushWaiting(parent, waiting)
      parent.waiting = { name, values: [value] }
      return
    }
    parent.waiting = undefined
    this.closeOpen(parent)
    this.key(name)
    this.layout!.open(0x5b)
    for (const each of [...waiting.values, value]) this.write(each)
    parent.open = { name, array: true }
  }

  private flushWaiting(parent: Frame, waiting: Frame['waiting']): void {
    if (waiting === undefined) return
    this.closeOpen(parent)
    this.key(waiting.name)
    this.write(waiting.values.length === 1 ? waiting.values[0] : waiting.values)
    parent.open = undefined
  }

  private closeOpen(parent: Frame): void {
    if (parent.open?.array) this.layout!.close(0x5d)
    parent.open = undefined
  }

  private closeCommitted(frame: Frame): void {
    const layout = this.layout!
    this.flushWaiting(frame, frame.waiting)
    frame.waiting = undefined
    this.closeOpen(frame)
    const text = elementText(frame)
    if (text !== '') {
      this.key('#text')
      this.write(text)
    }
    layout.close(0x7d)
    if (this.stack.length === 0) {
      layout.close(0x7d)
      this.root = undefined
    }
    this.held = 0
  }
}
