import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../../../support/run-cli.js'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { runMeasured } from '../../../support/run-measured.js'
import { attributes, find, must, parse } from './support/soap-client-support.js'

/** SPEC §6 against public service descriptions (fixtures/wsdl-corpus). */
const CORPUS = join(import.meta.dirname, '..', '..', '..', '..', 'fixtures', 'wsdl-corpus')
const corpus = (path: string) => join(CORPUS, path)
/** `apictl soap envelope OPERATION PARAM=VALUE… --wsdl WSDL`, in process, in a fresh environment. */
const envelopeFor = (wsdl: string, operation: string, ...parameters: string[]) =>
  runCliInProcess(['soap', 'envelope', operation, ...parameters, '--wsdl', wsdl], { env: isolatedEnv() })
const ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/'
const work = mkdtempSync(join(tmpdir(), 'apictl-real-wsdls-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('Microsoft Exchange EWS (services.wsdl + messages.xsd + types.xsd, ~1,500 types)', () => {
  const ews = corpus('ews-exchange2016/services.wsdl')

  it('soap ops reads it in under 5 s of CPU and 500 MB, with header parameters listed', async () => {
    const result = await runMeasured(['soap', 'ops', '--wsdl', ews], { killAfterMs: 60_000 })
    expect(result.code, result.stderr).toBe(0)
    // The bar is CPU time, which another process on the machine does not inflate; the wall clock
    // only has to stay within a bound that a loaded machine meets and a hang does not.
    expect(result.cpuMs).toBeLessThan(5000)
    expect(result.ms).toBeLessThan(30_000)
    expect(result.peakRssMb).toBeLessThan(500)
    expect(result.stdout).toContain('  GetItem ')
    expect(result.stdout).toMatch(
      /header {2}ExchangeImpersonation\?: ExchangeImpersonationType, .*RequestServerVersion\?: RequestServerVersion/,
    )
  })

  it('a header part is a header entry, typed like the body (attributes, enumerations), and the Body keeps its own', async () => {
    const result = await envelopeFor(
      ews,
      'GetFolder',
      'FolderShape.BaseShape=IdOnly',
      'FolderIds.DistinguishedFolderId.Id=inbox',
      'RequestServerVersion.Version=Exchange2016',
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const envelope = parse(result.stdout)
    const header = must(envelope, 'Header')
    expect(header.name.namespace).toBe(ENV_NS)
    expect(attributes(must(header, 'RequestServerVersion'))).toEqual({ Version: 'Exchange2016' })
    expect(find(must(envelope, 'Body'), 'RequestServerVersion')).toBeUndefined()
    expect(attributes(must(envelope, 'DistinguishedFolderId'))).toEqual({ Id: 'inbox' })
    const wrong = await envelopeFor(
      ews,
      'GetFolder',
      'FolderShape.BaseShape=IdOnly',
      'FolderIds.DistinguishedFolderId.Id=inbox',
      'RequestServerVersion.Version=Exchange1999',
    )
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain("parameter 'RequestServerVersion.Version' expects")
  })

  it('soap ops -o json lists header parameters, attributes and each complex type once', async () => {
    const json = JSON.parse(
      (await runCliInProcess(['soap', 'ops', '--wsdl', ews, '-o', 'json'], { env: isolatedEnv() })).stdout,
    )
    const getItem = json.operations.find((operation: { name: string }) => operation.name === 'GetItem')
    expect(getItem.input.headers.map((header: { name: string }) => header.name)).toContain(
      'RequestServerVersion',
    )
    expect(getItem.input.parameters[0]).toMatchObject({
      name: 'ItemShape',
      typeRef: expect.stringContaining('ItemResponseShapeType'),
    })
    expect(json.types[getItem.input.parameters[0].typeRef].fields[0]).toMatchObject({
      name: 'BaseShape',
      required: true,
    })
  })
})

it("zeep's header fixture: soap:header parts go in the Header, the rest in the Body", async () => {
  const wsdl = corpus('zeep-soap-header/soap_header.wsdl')
  const result = await envelopeFor(
    wsdl,
    'GetLastTradePrice',
    'tickerSymbol=ACME',
    'Authentication.username=u',
    'Authentication.password=p',
  )
  expect(result.code).toBe(0)
  const envelope = parse(result.stdout)
  expect(must(must(envelope, 'Header'), 'Authentication').name.namespace).toBe(
    'http://example.com/stockquote.xsd',
  )
  expect(must(must(envelope, 'Body'), 'tickerSymbol')).toBeDefined()
  expect(find(envelope, 'Token')).toBeUndefined()
})

it('rpc/encoded: encodingStyle on the operation element and xsi:type on each parameter', async () => {
  const wsdl = corpus('pear-example/example.wsdl')
  const result = await envelopeFor(
    wsdl,
    'echoStruct',
    'inputStruct.varString=a',
    'inputStruct.varInt=1',
    'inputStruct.varFloat=2.5',
  )
  expect(result.code).toBe(0)
  expect(result.stdout).toMatch(
    /<tns:echoStruct [^>]*soap:encodingStyle="http:\/\/schemas.xmlsoap.org\/soap\/encoding\/"/,
  )
  expect(result.stdout).toContain('<varInt xsi:type="xsd:int">1</varInt>')
  expect(result.stdout).toContain('xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"')
})

it('rpc/encoded arrays: SOAP-ENC:Array with arrayType counting the items, each item typed', async () => {
  const wsdl = join(work, 'arrays.wsdl')
  writeFileSync(
    wsdl,
    `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
  xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xsd="http://www.w3.org/2001/XMLSchema"
  xmlns:SOAP-ENC="http://schemas.xmlsoap.org/soap/encoding/" xmlns:tns="urn:arrays" targetNamespace="urn:arrays">
  <types><xsd:schema targetNamespace="urn:arrays">
    <xsd:complexType name="ArrayOfstring"><xsd:complexContent><xsd:restriction base="SOAP-ENC:Array">
      <xsd:attribute ref="SOAP-ENC:arrayType" wsdl:arrayType="xsd:string[]"/>
    </xsd:restriction></xsd:complexContent></xsd:complexType>
  </xsd:schema></types>
  <message name="In"><part name="names" type="tns:ArrayOfstring"/></message>
  <portType name="P"><operation name="echoNames"><input message="tns:In"/></operation></portType>
  <binding name="B" type="tns:P"><soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="echoNames"><soap:operation soapAction=""/>
      <input><soap:body use="encoded" namespace="urn:arrays" encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"/></input>
    </operation></binding>
</definitions>`,
  )
  const result = await runCliInProcess(
    ['soap', 'envelope', 'echoNames', 'names.item=a', 'names.item=b', '--wsdl', wsdl],
    {
      env: isolatedEnv(),
    },
  )
  expect(result.stderr).toBe('')
  expect(result.stdout).toContain('<names xsi:type="SOAP-ENC:Array" SOAP-ENC:arrayType="xsd:string[2]">')
  expect(result.stdout).toContain('<item xsi:type="xsd:string">a</item>')
})

it('a required element whose fields are all optional is sent empty, with a note', async () => {
  const wsdl = corpus('indienen-bericht/soap.wsdl')
  const result = await runCliInProcess(['soap', 'envelope', 'IndienenBericht', '--wsdl', wsdl], {
    env: isolatedEnv(),
  })
  expect(result.code).toBe(0)
  expect(result.stderr).toContain(
    'note: IndienenBericht: Request is required and needs no value, so it is sent empty (as the schema allows).',
  )
  expect(must(must(parse(result.stdout), 'Request'), 'Bericht').children).toEqual([])
})

it('ONVIF: a WSDL with <?xml-stylesheet?> is read; its remote imports are named, not followed', async () => {
  const result = await runCliInProcess(
    ['soap', 'ops', '--wsdl', corpus('onvif-devicemgmt/ver10/device/wsdl/devicemgmt.wsdl')],
    { env: isolatedEnv() },
  )
  expect(result.code).toBe(0)
  expect(result.stdout).toContain('GetDeviceInformation')
  expect(result.stderr).toMatch(
    /^warning: a local WSDL's remote imports were not followed \(.*http:\/\/docs\.oasis-open\.org\/wsn\/b-2\.xsd.*\); what they define is left open\.$/m,
  )
})
