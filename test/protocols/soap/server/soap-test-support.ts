import { createHash, randomBytes } from 'node:crypto'
import { Agent } from 'node:http'
import { readReply, type SoapReply } from '../../../../src/protocols/soap/call-message.js'
import { readEnvelope } from '../../../../src/protocols/soap/envelope.js'
import { faultKind } from '../../../../src/protocols/soap/fault.js'
import type { FaultKind } from '../../../../src/protocols/soap/soap-version.js'
import { type RawAnswer, rawRequest } from '../../../support/raw-request.js'

export const ns11 = 'http://schemas.xmlsoap.org/soap/envelope/'
export const ns12 = 'http://www.w3.org/2003/05/soap-envelope'
export const tnsUri = 'urn:apictl:items'
export const wsseUri = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd'

export type Version = '1.1' | '1.2'

/** A raw envelope: `body` and `header` are inner XML; prefixes soap (envelope), tns, wsse, xsi are declared. */
export function envelope(
  version: Version,
  body: string,
  header?: string,
  envelopeNamespace?: string,
): string {
  const namespace = envelopeNamespace ?? (version === '1.1' ? ns11 : ns12)
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap:Envelope xmlns:soap="${namespace}" xmlns:tns="${tnsUri}" xmlns:wsse="${wsseUri}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    (header === undefined ? '' : `<soap:Header>${header}</soap:Header>`) +
    `<soap:Body>${body}</soap:Body></soap:Envelope>`
  )
}

export function security(user = 'demo', password = 'demo', mustUnderstand = '1'): string {
  return (
    `<wsse:Security soap:mustUnderstand="${mustUnderstand}"><wsse:UsernameToken>` +
    `<wsse:Username>${user}</wsse:Username>` +
    `<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">${password}</wsse:Password>` +
    `</wsse:UsernameToken></wsse:Security>`
  )
}

export interface DigestOptions {
  /** The nonce's bytes (default 16 random ones). */
  nonce?: Buffer
  /** The Nonce element's text, when it should not be the nonce in base64. */
  nonceText?: string
  /** wsu:Created (default now). */
  created?: string
  user?: string
}

/** A wsse:Security header with a PasswordDigest UsernameToken: base64(sha1(nonce + created + password)). */
export function digestSecurity(password = 'demo', options: DigestOptions = {}): string {
  const nonce = options.nonce ?? randomBytes(16)
  const created = options.created ?? new Date().toISOString()
  const digest = createHash('sha1').update(nonce).update(created).update(password).digest('base64')
  return (
    `<wsse:Security xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd" soap:mustUnderstand="1">` +
    `<wsse:UsernameToken><wsse:Username>${options.user ?? 'demo'}</wsse:Username>` +
    `<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest">${digest}</wsse:Password>` +
    `<wsse:Nonce>${options.nonceText ?? nonce.toString('base64')}</wsse:Nonce><wsu:Created>${created}</wsu:Created>` +
    `</wsse:UsernameToken></wsse:Security>`
  )
}

export interface SoapPost {
  version?: Version
  /** SOAPAction (1.1 header / 1.2 action parameter); null sends none. Default: the operation's. */
  action?: string | null
  contentType?: string
  method?: string
  headers?: Record<string, string>
}

export type { RawAnswer }

export const keepAlive = new Agent({ keepAlive: true, maxSockets: 8 })

export function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer,
  agent: Agent | false = false,
): Promise<RawAnswer> {
  return rawRequest(url, { method, headers, body, agent })
}

/** POSTs an envelope to `${base}/soap` with the version's Content-Type and SOAPAction. */
export function postSoap(
  base: string,
  body: string | Buffer,
  options: SoapPost = {},
  agent: Agent | false = false,
) {
  const version = options.version ?? '1.1'
  const action = options.action === undefined ? '' : options.action
  const headers: Record<string, string> = {}
  if (version === '1.1') {
    headers['content-type'] = options.contentType ?? 'text/xml; charset=utf-8'
    if (action !== null) headers.soapaction = `"${action}"`
  } else {
    headers['content-type'] =
      options.contentType ??
      `application/soap+xml; charset=utf-8${action === null ? '' : `; action="${action}"`}`
  }
  return send(`${base}/soap`, options.method ?? 'POST', { ...headers, ...options.headers }, body, agent)
}

/** The answer read with the codec: result or fault, and the fault's meaning. */
export function reply(answer: RawAnswer): SoapReply & { faultKind?: FaultKind | undefined } {
  const message = readEnvelope(answer.body)
  const result = readReply(message)
  return result.kind === 'fault' ? { ...result, faultKind: faultKind(result.fault, message.version) } : result
}

export function call(operation: string, parameters = ''): string {
  return `<tns:${operation}>${parameters}</tns:${operation}>`
}

export function actionOf(operation: string): string {
  return `${tnsUri}#${operation}`
}
