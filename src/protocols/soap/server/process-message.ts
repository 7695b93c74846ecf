import { isStorageError, isStoreError } from '../../../server/kit/store-error.js'
import { type Envelope, EnvelopeError, envelopeVersion, parseEnvelope } from '../envelope.js'
import type { SoapVersion } from '../soap-version.js'
import { isSecurityHeader } from '../ws-security.js'
import { decodeXml } from '../xml/decode-xml.js'
import { parseWithSax } from '../xml/parse-with-sax.js'
import { readXml } from '../xml/read-xml.js'
import { element, type XmlElement } from '../xml/xml-element.js'
import { XmlReadError } from '../xml/xml-read-error.js'
import { faultEnvelope, upgradeHeader } from './fault-envelope.js'
import {
  findOperation,
  type ItemOperation,
  itemOperations,
  type OperationContext,
} from './item-operations.js'
import { itemsNamespace, soapActionFor, tns } from './item-service.js'
import { checkMustUnderstand } from './must-understand.js'
import { readParameters } from './read-parameters.js'
import { SoapFaultError } from './soap-fault-error.js'
import type { SoapHttpRequest } from './soap-http-request.js'
import { type SecurityState, verifySecurity } from './verify-security.js'

/** 200 with a response, 500 with a fault (and HTTP headers it asks for), or 400 (empty) for a body that is not XML. */
export type SoapOutcome =
  | { status: 200 | 500; envelope: Envelope; headers?: Readonly<Record<string, string>> }
  | { status: 400 }

export interface ProcessContext extends OperationContext {
  /** Other URLs of this endpoint, which header blocks may target too (the server's own, when the client used another host name). */
  aliases?: readonly string[]
  /** Nonces seen, failed logins, and the client's address, for WS-Security. */
  security: SecurityState
  log?: ((line: string) => void) | undefined
}

/**
 * Bounds for a request: the body is at most 1 MiB already; no request here
 * needs more elements, attributes or namespace declarations than these.
 */
const requestLimits = {
  maxDepth: 100,
  maxElements: 20_000,
  maxAttributes: 64,
  maxNamespaceDeclarations: 64,
  maxTotalNamespaceDeclarations: 5_000,
  maxNameLength: 256,
}

const noTargets: ReadonlySet<string> = new Set()

function versionMismatch(message: string): SoapFaultError {
  return new SoapFaultError('versionMismatch', message, { headers: [upgradeHeader()] })
}

/** Reads the envelope, checking the version against the one the Content-Type announced. */
function readRequestEnvelope(body: Buffer, http: SoapHttpRequest): Envelope {
  const root = readXml(decodeXml(body, http.charset), requestLimits, parseWithSax)
  const version = envelopeVersion(root)
  if (version !== http.version) {
    throw versionMismatch(
      `this is a SOAP ${version.id} envelope sent as ${http.version.mediaType} (SOAP ${http.version.id}); send SOAP ${version.id} as ${version.mediaType}`,
    )
  }
  return parseEnvelope(root)
}

function operationOf(envelope: Envelope, http: SoapHttpRequest): [ItemOperation, XmlElement] {
  if (envelope.body.length !== 1) {
    throw SoapFaultError.client(
      'INVALID_BODY',
      `the Body must hold exactly one operation element, not ${envelope.body.length}`,
    )
  }
  const call = envelope.body[0]!
  const operation = call.name.namespace === itemsNamespace ? findOperation(call.name.local) : undefined
  if (operation === undefined) {
    const names = itemOperations.map((item) => item.name).join(', ')
    const namespace = call.name.namespace === '' ? 'no namespace' : `namespace ${call.name.namespace}`
    throw SoapFaultError.client(
      'UNKNOWN_OPERATION',
      `${call.name.local.slice(0, 100)} (${namespace.slice(0, 200)}) is not an operation of this service; its operations, in namespace ${itemsNamespace}, are ${names}`,
    )
  }
  const expected = soapActionFor(operation.name)
  if (http.action !== undefined && http.action !== '' && http.action !== expected) {
    throw SoapFaultError.client(
      'SOAPACTION_MISMATCH',
      `the SOAPAction ${JSON.stringify(http.action.slice(0, 200))} does not match the Body's ${operation.name}, whose action is ${expected}`,
    )
  }
  return [operation, call]
}

async function answer(envelope: Envelope, http: SoapHttpRequest, context: ProcessContext): Promise<Envelope> {
  const { version } = envelope
  if (version.actionInHeader && http.action === undefined) {
    throw SoapFaultError.client(
      'SOAPACTION_MISSING',
      'SOAP 1.1 over HTTP needs a SOAPAction header (it may be empty: SOAPAction: ""); this request has none',
    )
  }
  // Who header blocks may target: only looked at when there are header blocks.
  const ours =
    envelope.headers.length === 0 ? noTargets : new Set([context.endpoint, ...(context.aliases ?? [])])
  checkMustUnderstand(envelope, isSecurityHeader, ours)
  const user = verifySecurity(envelope, ours, context.security)
  const [operation, call] = operationOf(envelope, http)
  const values = readParameters(call, operation.parameters)
  if (operation.write && user === undefined) {
    throw SoapFaultError.client(
      'AUTHENTICATION_REQUIRED',
      `${operation.name} changes data, so it needs a wsse:Security header with a UsernameToken (demo / demo, PasswordText)`,
    )
  }
  const children = await operation.run(values, context)
  return { version, headers: [], body: [element(tns(`${operation.name}Response`), children, [], 'tns')] }
}

/** Turns whatever went wrong into the fault (or 400) to answer with. */
function failure(error: unknown, version: SoapVersion, context: ProcessContext): SoapOutcome {
  let fault: SoapFaultError
  if (error instanceof SoapFaultError) fault = error
  else if (error instanceof XmlReadError) {
    if (error.problem === 'syntax' || error.problem === 'encoding') return { status: 400 }
    fault = SoapFaultError.client('REFUSED_XML', `the message was refused: ${error.message}`)
  } else if (error instanceof EnvelopeError) {
    fault =
      error.problem === 'version-mismatch'
        ? versionMismatch(`${error.message}; this server speaks SOAP 1.1 and 1.2`)
        : SoapFaultError.client('INVALID_ENVELOPE', error.message)
  } else if (isStoreError(error)) {
    fault = SoapFaultError.client(error.code, error.message, { problems: error.problems })
  } else if (isStorageError(error)) {
    fault = new SoapFaultError('server', error.message, { code: error.code })
  } else {
    context.log?.(
      `SOAP internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
    fault = new SoapFaultError('server', 'the server failed to handle this message; its log has the details')
  }
  const { httpHeaders } = fault.details
  return {
    status: 500,
    envelope: faultEnvelope(fault, version),
    ...(httpHeaders === undefined ? {} : { headers: httpHeaders }),
  }
}

/**
 * The SOAP processing model for one POSTed message: well-formed, inert XML;
 * envelope version (VersionMismatch); SOAPAction present for 1.1; header
 * blocks (MustUnderstand, WS-Security); then the operation. Faults are in
 * the version the request was sent in.
 */
export async function processMessage(
  body: Buffer,
  http: SoapHttpRequest,
  context: ProcessContext,
): Promise<SoapOutcome> {
  try {
    const envelope = readRequestEnvelope(body, http)
    return { status: 200, envelope: await answer(envelope, http, context) }
  } catch (error) {
    return failure(error, http.version, context)
  }
}
