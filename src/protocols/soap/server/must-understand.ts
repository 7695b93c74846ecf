import type { Envelope, HeaderBlock } from '../envelope.js'
import type { SoapVersion } from '../soap-version.js'
import { clark } from '../xml/qname.js'
import { attribute, element, type XmlElement } from '../xml/xml-element.js'
import { SoapFaultError } from './soap-fault-error.js'

/**
 * Whether this node must process a header block: no actor/role (the
 * ultimate receiver), `next`, 1.2's ultimateReceiver, or a target this
 * server plays (its own endpoint URL). 1.2's `none` and anyone else's
 * blocks are not ours.
 */
export function targetsUs(block: HeaderBlock, version: SoapVersion, ours: ReadonlySet<string>): boolean {
  const target = block.target?.trim()
  if (target === undefined || target === '') return true
  if (target === version.noneTarget) return false
  return target === version.nextTarget || version.ultimateReceiverTargets.includes(target) || ours.has(target)
}

function notUnderstoodBlock(version: SoapVersion, block: XmlElement): XmlElement {
  return element(
    { namespace: version.envelopeNamespace, local: 'NotUnderstood' },
    [],
    [attribute({ namespace: '', local: 'qname' }, { qname: block.name })],
  )
}

/**
 * SOAP's processing rule: every header block targeted at this node with
 * mustUnderstand true must be one it understands, else a MustUnderstand
 * fault naming them (1.2: also as NotUnderstood header blocks).
 */
export function checkMustUnderstand(
  envelope: Envelope,
  understood: (block: XmlElement) => boolean,
  ours: ReadonlySet<string>,
): void {
  const { version } = envelope
  const missed = envelope.headers.filter(
    (block) => block.mustUnderstand === true && targetsUs(block, version, ours) && !understood(block.element),
  )
  if (missed.length === 0) return
  const names = missed.map((block) => clark(block.element.name)).join(', ')
  const one = missed.length === 1
  throw new SoapFaultError(
    'mustUnderstand',
    `the header block${one ? '' : 's'} ${names} ${one ? 'is' : 'are'} marked mustUnderstand, but this server does not understand ${one ? 'it' : 'them'} (it understands wsse:Security)`,
    {
      headers: version.id === '1.2' ? missed.map((block) => notUnderstoodBlock(version, block.element)) : [],
    },
  )
}
