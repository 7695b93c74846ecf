import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readXml } from '../../../../../src/protocols/soap/xml/read-xml.js'
import { childElements, type XmlElement } from '../../../../../src/protocols/soap/xml/xml-element.js'
import { isolatedEnv } from '../../../../support/run-cli.js'

export { FIXTURES } from './calculator-server.js'

/** The received envelope, read with the codec's safe reader. */
export function parse(body: string): XmlElement {
  return readXml(body)
}

/** The first descendant (or self) with this local name. */
export function find(node: XmlElement, local: string): XmlElement | undefined {
  if (node.name.local === local) return node
  for (const child of childElements(node)) {
    const found = find(child, local)
    if (found !== undefined) return found
  }
  return undefined
}

export function findAll(node: XmlElement, local: string, into: XmlElement[] = []): XmlElement[] {
  if (node.name.local === local) into.push(node)
  for (const child of childElements(node)) findAll(child, local, into)
  return into
}

export function must(node: XmlElement, local: string): XmlElement {
  const found = find(node, local)
  if (found === undefined) throw new Error(`no <${local}> in the message`)
  return found
}

/** `{namespace}local="value"` for every attribute, for easy assertions. */
export function attributes(node: XmlElement): Record<string, string> {
  return Object.fromEntries(
    node.attributes.map((item) => [
      item.name.namespace === '' ? item.name.local : `{${item.name.namespace}}${item.name.local}`,
      typeof item.value === 'string' ? item.value : item.value.qname.local,
    ]),
  )
}

/** An isolated environment whose config.json holds these profiles (the first one current). */
export function envWithProfiles(
  profiles: Record<string, Record<string, unknown>>,
): Record<string, string | undefined> {
  const env = isolatedEnv()
  mkdirSync(env.APICTL_CONFIG_DIR!, { recursive: true })
  writeFileSync(
    join(env.APICTL_CONFIG_DIR!, 'config.json'),
    JSON.stringify({ version: 1, current: Object.keys(profiles)[0], profiles }),
    { mode: 0o600 },
  )
  return env
}

export const IMPORTS_WSDL = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  '..',
  'fixtures',
  'soap-client',
  'imports',
  'service.wsdl',
)
export const RPC_WSDL = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  '..',
  'fixtures',
  'soap-client',
  'rpc',
  'rpc.wsdl',
)
