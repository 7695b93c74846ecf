import { UsageError } from '../../../core/errors.js'
import type { HeaderBlock } from '../envelope.js'
import { usernameTokenHeader } from '../ws-security.js'
import { element } from '../xml/xml-element.js'
import { checkXmlName } from './check-names.js'

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
}

const entryPattern = /^\{([^}]*)\}([^\s={}]+)=([\s\S]*)$/

/**
 * `{urn:x}Name=value` → a header block; the SOAP attributes come from the
 * options. SPEC §6's form only: a header block is namespace-qualified (SOAP
 * 1.1 §4.2, 1.2 part 1 §5.2.1), so an entry without `{NS}`, or with an empty
 * one, is refused rather than put in some namespace the user did not name.
 */
export function parseHeaderEntry(text: string, options: HeaderOptions): HeaderBlock {
  const match = entryPattern.exec(text)
  if (match === null || match[1] === '') {
    throw new UsageError(
      `--soap-header '${text}' is not a header entry: write '{NAMESPACE}Name=value' (a header block needs a namespace).`,
      {
        hint: "For example --soap-header '{urn:example:auth}Token=abc' (add --must-understand, --actor URI).",
      },
    )
  }
  const [, namespace, local, value] = match
  checkXmlName(local!, `--soap-header '${text}':`)
  return {
    element: element({ namespace: namespace!, local: local! }, value === '' ? [] : [value!], [], 'h'),
    mustUnderstand: options.mustUnderstand === true ? true : undefined,
    target: options.actor,
  }
}

/** The Header blocks a call sends: the entries, then the WS-Security token. */
export function headerBlocks(options: HeaderOptions): HeaderBlock[] {
  const blocks = (options.entries ?? []).map((entry) => parseHeaderEntry(entry, options))
  const credentials = wssCredentials(options.wss)
  if (credentials !== undefined) blocks.push(usernameTokenHeader(...credentials))
  return blocks
}

/** That the entries and --wss are well-formed (a usage error otherwise), before any WSDL is read or server started. */
export function checkHeaderOptions(options: HeaderOptions): void {
  for (const entry of options.entries ?? []) parseHeaderEntry(entry, options)
  wssCredentials(options.wss)
}

function wssCredentials(wss: string | undefined): [user: string, password: string] | undefined {
  if (wss === undefined) return undefined
  const colon = wss.indexOf(':')
  if (colon <= 0) {
    throw new UsageError(`--wss expects USER:PASS, got '${wss}'.`, { hint: 'For example --wss demo:demo' })
  }
  return [wss.slice(0, colon), wss.slice(colon + 1)]
}
