import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createSecureServer } from 'node:http2'
import type { Server } from 'node:net'
import { brotliCompress, constants, gzipSync } from 'node:zlib'
import { expect } from 'vitest'
import { listenOnLoopback } from './listen-on-loopback.js'

/**
 * A server that attacks its client: compression bombs, endless bodies,
 * terminal escape payloads, XML namespace floods and WSDL import tricks,
 * each at its own path on 127.0.0.1 (ephemeral port). Every request is
 * recorded in `hits`, so a test can prove that something was never fetched.
 */
export interface HostileServer {
  url: string
  hits: string[]
  close(): Promise<void>
}

const MiB = 1024 * 1024
/** A bomb unpacks to a little more than the default --max-size (1 GiB). */
export const BOMB_MIB = 1025

/** The escape sequences a hostile answer carries: a title, a screen clear, a clipboard write (OSC 52), a hyperlink, C1 CSI, bidi override. */
export const ESCAPES = {
  title: '\u001b]0;pwned\u0007',
  clear: '\u001b[2J\u001b[H',
  clipboard: '\u001b]52;c;ZWNobyBwd25lZA==\u0007',
  link: '\u001b]8;;http://evil.example/\u001b\\click\u001b]8;;\u001b\\',
  csi: '\u009b31m',
  bidi: 'abc\u202edef',
} as const
export const ESCAPE_TEXT = `before ${Object.values(ESCAPES).join(' ')} after`
/** Our own colours: SGR sequences (ESC [ digits m). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point
export const SGR = /\u001b\[[0-9;]*m/g
/** Any control character but tab and newline, or a bidi control (override, isolate, mark): none may reach a terminal. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

/** Our own line editing: a spinner's or progress bar's clear to the end of the line, the REPL's cursor to a column and clear below (not a server's screen clear, ESC [ 2 J). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching our own escape sequences is the point
const OWN_LINE_EDITING = /\u001b\[(?:K|\d*G|0J)/g

/** Fails the test when anything in `screen` (our own colours and line editing aside) could steer a terminal. */
export function expectInert(screen: string, what: string): void {
  const ours = screen.replace(SGR, '').replace(OWN_LINE_EDITING, '')
  const match = UNSAFE.exec(ours.replace(/\r\n/g, '\n').replace(/\r/g, ''))
  expect(
    match,
    `${what}: ${JSON.stringify(match?.[0])} reached the terminal in ${JSON.stringify(screen.slice(0, 400))}`,
  ).toBeNull()
}

/** `apictl soap call Ping` to `endpoint`, with no WSDL (the attacks' SOAP answers). */
export const pingCall = (endpoint: string, ...more: string[]): string[] => [
  'soap',
  'call',
  'Ping',
  '--no-wsdl',
  '--ns',
  'urn:ping',
  '-e',
  endpoint,
  ...more,
]

const soapNs = 'http://schemas.xmlsoap.org/soap/envelope/'

/** The namespace flood: `envelopeDeclarations` on the Envelope, one more on each of `children` elements. */
export function namespaceFlood(options: { envelopeDeclarations?: number; children?: number } = {}): string {
  const declarations = options.envelopeDeclarations ?? 20_000
  const children = options.children ?? 10_000
  const onEnvelope = Array.from({ length: declarations }, (_, n) => ` xmlns:n${n}="urn:n${n}"`).join('')
  const body = Array.from({ length: children }, (_, n) => `<c xmlns:m${n}="urn:m${n}"/>`).join('')
  return `<?xml version="1.0"?><soap:Envelope xmlns:soap="${soapNs}"${onEnvelope}><soap:Body><r xmlns="urn:r">${body}</r></soap:Body></soap:Envelope>`
}

/** A WSDL root carrying the same flood (tens of thousands of declarations, one more per child). */
export function wsdlFlood(base: string): string {
  const onRoot = Array.from({ length: 20_000 }, (_, n) => ` xmlns:n${n}="urn:n${n}"`).join('')
  const children = Array.from({ length: 10_000 }, (_, n) => `<documentation xmlns:m${n}="urn:m${n}"/>`).join(
    '',
  )
  return pingWsdl(base)
    .replace('<definitions ', `<definitions${onRoot} `)
    .replace('<types>', `${children}<types>`)
}

/** A small valid WSDL (one operation, Ping) whose schema imports `imports` (schemaLocation values). */
export function pingWsdl(base: string, imports: string[] = []): string {
  const importLines = imports
    .map((location, n) => `<xsd:import namespace="urn:imported:${n}" schemaLocation="${location}"/>`)
    .join('')
  return `<?xml version="1.0" encoding="utf-8"?>
<definitions name="Ping" targetNamespace="urn:ping" xmlns="http://schemas.xmlsoap.org/wsdl/"
    xmlns:tns="urn:ping" xmlns:xsd="http://www.w3.org/2001/XMLSchema"
    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/">
  <types>
    <xsd:schema targetNamespace="urn:ping" elementFormDefault="qualified">${importLines}
      <xsd:element name="Ping"><xsd:complexType><xsd:sequence/></xsd:complexType></xsd:element>
      <xsd:element name="PingResponse"><xsd:complexType><xsd:sequence/></xsd:complexType></xsd:element>
    </xsd:schema>
  </types>
  <message name="PingInput"><part name="parameters" element="tns:Ping"/></message>
  <message name="PingOutput"><part name="parameters" element="tns:PingResponse"/></message>
  <portType name="PingPortType">
    <operation name="Ping"><input message="tns:PingInput"/><output message="tns:PingOutput"/></operation>
  </portType>
  <binding name="PingSoap" type="tns:PingPortType">
    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="Ping">
      <soap:operation soapAction="urn:ping/Ping"/>
      <input><soap:body use="literal"/></input>
      <output><soap:body use="literal"/></output>
    </operation>
  </binding>
  <service name="PingService">
    <port name="PingPort" binding="tns:PingSoap"><soap:address location="${base}/soap/ping"/></port>
  </service>
</definitions>`
}

/**
 * The Ping WSDL with C1 controls and bidi overrides in its operation, element
 * and service names (for `soap ops`): XML allows them in attribute values.
 */
function escapeNamesWsdl(base: string): string {
  return pingWsdl(base)
    .replace(
      '<xsd:sequence/></xsd:complexType></xsd:element>',
      `<xsd:sequence><xsd:element name="${names.part}" type="xsd:string"/></xsd:sequence></xsd:complexType></xsd:element>`,
    )
    .replaceAll('operation name="Ping"', `operation name="Ping${names.prefix}"`)
    .replaceAll('"tns:Ping"', `"tns:Ping${names.target}"`)
    .replace('<xsd:element name="Ping">', `<xsd:element name="Ping${names.target}">`)
    .replace('<service name="PingService">', `<service name="Ping${names.target}">`)
}

const schema = (namespace: string) =>
  `<?xml version="1.0"?><xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="${namespace}"><xsd:element name="Extra" type="xsd:string"/></xsd:schema>`

const soapFault = (text: string) =>
  `<?xml version="1.0"?><soap:Envelope xmlns:soap="${soapNs}"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>${text}</faultstring><detail><reason>${text}</reason></detail></soap:Fault></soap:Body></soap:Envelope>`

const soapResult = (text: string) =>
  `<?xml version="1.0"?><soap:Envelope xmlns:soap="${soapNs}"><soap:Body><tns:PingResponse xmlns:tns="urn:ping"><tns:message>${text}</tns:message></tns:PingResponse></soap:Body></soap:Envelope>`

/**
 * The escape text as XML can carry it: markup characters as references, C1
 * controls and bidi overrides raw (XML allows them); the C0 controls (ESC)
 * XML does not allow at all are dropped.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
const c0 = /[\u0000-\u0008\u000b-\u001f]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: referencing control characters is the point
const markupAndControls = /[&<>\u0000-\u001f\u007f-\u009f]/g
const xmlText = (text: string) => text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`).replace(c0, '')

/** ESC as a character reference: not XML (a reader must refuse it), sax decodes it anyway. */
const xmlReferences = (text: string) => text.replace(markupAndControls, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Names that carry escapes: an element, an attribute, a namespace prefix and
 * an instruction target, each with ESC, a C1 CSI or a bidi override in it,
 * followed by characters a name may hold (so the sequence still works). Not XML (none of these characters may be in a
 * name), but lenient readers take them.
 */
export const HOSTILE_NAMES = {
  /** ESC c: a full terminal reset. */
  element: 'm\u001bcx',
  /** ESC 7: save the cursor. */
  attribute: 'a\u001b7b',
  /** C1 CSI 2J: clear the screen. */
  prefix: 'p\u009b2J',
  target: 'pi\u202eq',
  /** C1 CSI 31m: red. */
  part: 'v\u009b31mred',
} as const
/**
 * The same places holding U+061C (ARABIC LETTER MARK, a bidi control that
 * XML allows in names): what a strict reader takes.
 */
export const LEGAL_HOSTILE_NAMES = {
  element: 'm\u061cx',
  attribute: 'a\u061cb',
  prefix: 'p\u061cq',
  target: 'pi\u061cq',
  part: 'v\u061cw',
} as const
const names = HOSTILE_NAMES
type Names = { [key in keyof typeof HOSTILE_NAMES]: string }
const namesXml = (names: Names) =>
  `<${names.element} ${names.attribute}="1" xmlns:${names.prefix}="urn:p"><${names.prefix}:${names.part}>text</${names.prefix}:${names.part}><?${names.target} data?><${names.part}>x</${names.part}></${names.element}>`
/** No instruction: a SOAP message may not hold one. */
const soapNamesXml = (names: Names) => namesXml(names).replace(/<\?.*?\?>/, '')
const soapNames = (names: Names) =>
  `<?xml version="1.0"?><soap:Envelope xmlns:soap="${soapNs}"><soap:Body><tns:PingResponse xmlns:tns="urn:ping">${soapNamesXml(names)}<tns:${names.part}>y</tns:${names.part}></tns:PingResponse></soap:Body></soap:Envelope>`
const soapNamesFault = (names: Names) =>
  `<?xml version="1.0"?><soap:Envelope xmlns:soap="${soapNs}"><soap:Body><soap:Fault><faultcode>soap:${names.part}</faultcode><faultstring>names</faultstring><detail>${soapNamesXml(names)}</detail></soap:Fault></soap:Body></soap:Envelope>`
/** The names a route's `?legal` asks for. */
const namesFor = (url: URL): Names => (url.searchParams.has('legal') ? LEGAL_HOSTILE_NAMES : HOSTILE_NAMES)

let brotliBomb: Promise<Buffer> | undefined
/** 1,025 MiB of 'a' compressed by brotli (about 1 KB; made once, ~1 s). */
function brotliBombBody(): Promise<Buffer> {
  brotliBomb ??= new Promise((resolve, reject) =>
    brotliCompress(
      Buffer.alloc(BOMB_MIB * MiB, 0x61),
      { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 24 } },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  )
  return brotliBomb
}

/** gzip members may be concatenated: one member of 1 MiB of 'a' (about 1 KB), 1,025 times. */
const gzipMember = gzipSync(Buffer.alloc(MiB, 0x61), { level: 9 })

/** Writes `total` bytes of `fill` in 64 KiB chunks, respecting back-pressure, until done or the client goes. */
async function writeEndless(response: ServerResponse, total: number, delayMs = 0): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 0x61)
  let sent = 0
  while (sent < total && !response.destroyed) {
    if (!response.write(chunk)) {
      // Whichever comes first removes the other listener (one wait per chunk would pile them up).
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done)
          response.off('close', done)
          resolve()
        }
        response.once('drain', done)
        response.once('close', done)
      })
    }
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    sent += chunk.length
  }
  response.end()
}

/** Writes a raw HTTP/1.1 answer on the socket, so header values Node would refuse (control characters) can be sent. */
function rawAnswer(response: ServerResponse, head: string, body: string): void {
  const bytes = Buffer.from(body, 'utf8')
  response.socket?.end(`${head}\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n${body}`)
}

type Route = (request: IncomingMessage, response: ServerResponse, url: URL, base: string) => unknown

const send = (response: ServerResponse, type: string, body: string | Buffer, status = 200) => {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
  response.end(body)
}

const routes: Record<string, Route> = {
  '/gzip': async (_request, response, url) => {
    response.writeHead(200, {
      'content-type': url.searchParams.get('type') ?? 'application/octet-stream',
      'content-encoding': 'gzip',
    })
    const members = Number(url.searchParams.get('mib') ?? BOMB_MIB)
    for (let n = 0; n < members && !response.destroyed; n++) {
      if (!response.write(gzipMember)) await new Promise((resolve) => response.once('drain', resolve))
    }
    response.end()
  },
  '/br': async (_request, response, url) => {
    const body = await brotliBombBody()
    response.writeHead(200, {
      'content-type': url.searchParams.get('type') ?? 'application/octet-stream',
      'content-encoding': 'br',
      'content-length': body.length,
    })
    response.end(body)
  },
  '/endless': (_request, response, url) => {
    response.writeHead(200, { 'content-type': url.searchParams.get('type') ?? 'application/octet-stream' })
    return writeEndless(response, Number(url.searchParams.get('gib') ?? 3) * 1024 * MiB)
  },
  /** 64 KiB every 50 ms, for ever (for the time limit). */
  '/trickle': (_request, response, url) => {
    response.writeHead(200, { 'content-type': url.searchParams.get('type') ?? 'text/plain' })
    return writeEndless(response, Number.MAX_SAFE_INTEGER, 50)
  },
  '/flood/soap': (_request, response) => send(response, 'text/xml; charset=utf-8', namespaceFlood()),
  '/flood/wsdl': (_request, response, _url, base) => send(response, 'text/xml', wsdlFlood(base)),
  '/escape/text': (_request, response) => send(response, 'text/plain; charset=utf-8', `${ESCAPE_TEXT}\n`),
  '/escape/html': (_request, response) =>
    send(response, 'text/html; charset=utf-8', `<html><body>${ESCAPE_TEXT}</body></html>`),
  '/escape/json-broken': (_request, response) =>
    send(response, 'application/json', `{"message": "${ESCAPE_TEXT}"`),
  '/escape/json': (_request, response) =>
    send(response, 'application/json', JSON.stringify({ message: ESCAPE_TEXT })),
  '/escape/xml': (_request, response) =>
    send(response, 'application/xml', `<message>${xmlReferences(ESCAPE_TEXT)}</message>`),
  '/escape/error': (_request, response) =>
    send(response, 'text/plain; charset=utf-8', `${ESCAPE_TEXT}\n`, 500),
  '/escape/header': (_request, response) =>
    rawAnswer(
      response,
      `HTTP/1.1 200 OK${ESCAPES.title}\r\nContent-Type: text/plain\r\nX-Evil: ${ESCAPES.clear}${ESCAPES.title}`,
      'ok\n',
    ),
  // Node's parser refuses C0 controls in a header, but passes bytes 0x80-0xFF (obs-text), read as
  // latin1: a lone 0x9B is the 8-bit CSI, and UTF-8 bidi bytes carry a C1 control (0x80).
  '/escape/header-c1': (_request, response) => {
    const head = `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Evil: \u009b31mred\r\nX-Bidi: `
    response.socket?.end(
      Buffer.concat([
        Buffer.from(head, 'latin1'),
        Buffer.from('abc\u202edef', 'utf8'),
        Buffer.from('\r\nContent-Length: 3\r\nConnection: close\r\n\r\nok\n', 'latin1'),
      ]),
    )
  },
  '/escape/sse': (_request, response) =>
    send(
      response,
      'text/event-stream',
      `event: ${ESCAPES.title}x${ESCAPES.csi}\nid: ${ESCAPES.clear}\ndata: ${JSON.stringify({ message: ESCAPE_TEXT })}\n\n` +
        `data: ${ESCAPE_TEXT}\ndata: ${ESCAPES.link}\n\n`,
    ),
  '/escape/ndjson': (_request, response) =>
    send(
      response,
      'application/x-ndjson',
      `${JSON.stringify({ message: ESCAPE_TEXT })}\n${ESCAPE_TEXT}\n{"raw": "${ESCAPES.title}"}\n`,
    ),
  '/escape/soap-fault': (_request, response) =>
    send(response, 'text/xml; charset=utf-8', soapFault(xmlText(ESCAPE_TEXT)), 500),
  '/escape/soap-illegal': (_request, response) =>
    send(response, 'text/xml; charset=utf-8', soapFault(xmlReferences(ESCAPE_TEXT)), 500),
  '/escape/soap-result': (_request, response) =>
    send(response, 'text/xml; charset=utf-8', soapResult(xmlText(ESCAPE_TEXT))),
  '/escape/graphql': (_request, response) =>
    send(
      response,
      'application/json',
      JSON.stringify({
        data: { message: ESCAPE_TEXT },
        errors: [{ message: ESCAPE_TEXT, path: ['message'], extensions: { code: ESCAPE_TEXT } }],
      }),
    ),
  '/escape/xml-names': (_request, response, url) =>
    send(response, 'application/xml', namesXml(namesFor(url))),
  '/escape/soap-names': (_request, response, url) =>
    send(response, 'text/xml; charset=utf-8', soapNames(namesFor(url))),
  '/escape/soap-names-fault': (_request, response, url) =>
    send(response, 'text/xml; charset=utf-8', soapNamesFault(namesFor(url)), 500),
  '/wsdl/escape-names': (_request, response, _url, base) => send(response, 'text/xml', escapeNamesWsdl(base)),
  /** A download whose Content-Disposition filename carries escapes (shown on stderr as it is saved). */
  '/escape/download': (_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`r${ESCAPES.title}${ESCAPES.csi}${ESCAPES.bidi}.txt`)}`,
      'content-length': 3,
    })
    response.end('ok\n')
  },
  '/wsdl/ping': (_request, response, _url, base) => send(response, 'text/xml', pingWsdl(base)),
  '/wsdl/import-file': (_request, response, url, base) =>
    send(response, 'text/xml', pingWsdl(base, [url.searchParams.get('target') ?? 'file:///etc/passwd'])),
  '/wsdl/import-relative': (_request, response, _url, base) =>
    send(response, 'text/xml', pingWsdl(base, ['schema/extra.xsd'])),
  '/wsdl/schema/extra.xsd': (_request, response) => send(response, 'text/xml', schema('urn:imported:0')),
  '/wsdl/import-cross': (_request, response, url, base) =>
    send(
      response,
      'text/xml',
      pingWsdl(base, [url.searchParams.get('target') ?? 'http://127.0.0.1:9/x.xsd']),
    ),
  '/wsdl/import-bomb': (_request, response, _url, base) =>
    send(response, 'text/xml', pingWsdl(base, [`${base}/gzip?type=text/xml`])),
  '/wsdl/import-slow': (_request, response, _url, base) =>
    send(response, 'text/xml', pingWsdl(base, [`${base}/trickle?type=text/xml`])),
}

/**
 * The attacks at their paths, over HTTP/1.1; with `tls` (a key and
 * certificate) over HTTPS, offering HTTP/2 by ALPN (and HTTP/1.1).
 */
export async function startHostileServer(
  options: { tls?: { key: Buffer; cert: Buffer } } = {},
): Promise<HostileServer> {
  const hits: string[] = []
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    hits.push(`${request.method} ${request.url}`)
    const url = new URL(request.url ?? '/', 'http://x')
    const base = `${options.tls ? 'https' : 'http'}://${request.headers.host ?? request.headers[':authority']}`
    request.resume()
    request.on('end', () => {
      const route = routes[url.pathname]
      if (route === undefined) return send(response, 'text/plain', 'no such attack\n', 404)
      Promise.resolve(route(request, response, url, base)).catch(() => response.destroy())
    })
  }
  const server = options.tls
    ? (createSecureServer({ ...options.tls, allowHTTP1: true }, handle as never) as unknown as Server)
    : createServer(handle)
  const { url, close } = await listenOnLoopback(server, options.tls ? 'https' : 'http')
  return { url, hits, close }
}
