import { UsageError } from '../../../core/errors.js'
import type { HeaderBlock } from '../envelope.js'
import { usernameTokenHeader } from '../ws-security.js'
import { element } from '../xml/xml-element.js'

/** What the command line says about the Header. */
export interface HeaderOptions {
  /** `--soap-header '{NS}Name=value'`, in order. */
  entries?: readonly string[]
  /** Applies to the entries: mustUnderstand (1 / true). */
  mustUnderstand?: boolean
  /** Applies to the entries: actor (1.1) or role (1.2). */
  actor?: string
  /** `--wss USER:PASS`: a UsernameToken (PasswordText), mustUnderstand. */
  wss?: string
  /** Namespace for an entry written without `{NS}`. */
  defaultNamespace?: string
}

const entryPattern = /^(?:\{([^}]*)\})?([^\s={}]+)=([\s\S]*)$/

/** `{urn:x}Name=value` → a header block; the SOAP attributes come from the options. */
export function parseHeaderEntry(text: string, options: HeaderOptions): HeaderBlock {
  const match = entryPattern.exec(text)
  const namespace = match?.[1] ?? options.defaultNamespace
  if (match === null || namespace === undefined || namespace === '') {
    throw new UsageError(`--soap-header '${text}' is not a header entry: write '{NAMESPACE}Name=value'.`, {
      hint:
        match !== null
          ? 'A header block needs a namespace (SOAP requires one): --soap-header "{urn:example:auth}Token=abc".'
          : "For example --soap-header '{urn:example:auth}Token=abc' (add --must-understand, --actor URI).",
    })
  }
  const [, , local, value] = match
  return {
    element: element({ namespace, local: local! }, value === '' ? [] : [value!], [], 'h'),
    mustUnderstand: options.mustUnderstand === true ? true : undefined,
    target: options.actor,
  }
}

/** The Header blocks a call sends: the entries, then the WS-Security token. */
export function headerBlocks(options: HeaderOptions): HeaderBlock[] {
  const blocks = (options.entries ?? []).map((entry) => parseHeaderEntry(entry, options))
  if (options.wss !== undefined) {
    const colon = options.wss.indexOf(':')
    if (colon <= 0) {
      throw new UsageError(`--wss expects USER:PASS, got '${options.wss}'.`, {
        hint: 'For example --wss demo:demo',
      })
    }
    blocks.push(usernameTokenHeader(options.wss.slice(0, colon), options.wss.slice(colon + 1)))
  }
  return blocks
}
