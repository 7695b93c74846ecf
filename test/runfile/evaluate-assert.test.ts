import { describe, expect, it } from 'vitest'
import type { RunAnswer } from '../../src/core/run-answer.js'
import { evaluateAssert } from '../../src/runfile/evaluate-assert.js'
import { type RealAnswers, useRealAnswers } from './real-answers.js'

const realAnswers = useRealAnswers()

type Case = [answer: keyof RealAnswers, assert: string, passes: boolean]

async function check(cases: Case[]): Promise<void> {
  const answers = await realAnswers()
  const wrong = cases
    .map(([name, text, passes]) => ({ name, result: evaluateAssert(text, 7, answers[name]), passes }))
    .filter(({ result, passes }) => result.passed !== passes)
    .map(
      ({ name, result, passes }) =>
        `${name}: ${result.text} should ${passes ? 'pass' : 'fail'} (${result.message})`,
    )
  expect(wrong).toEqual([])
}

describe('evaluateAssert over real answers of apictl serve', () => {
  it('status, headers and duration', () =>
    check([
      ['restList', 'status == 200', true],
      ['restList', 'status == 201', false],
      ['restList', 'status != 404', true],
      ['restList', 'status < 300', true],
      ['restList', 'status >= 400', false],
      ['restMissing', 'status == 404', true],
      ['restList', 'header content-type includes json', true],
      ['restList', 'header Content-Type contains json', true],
      ['restList', 'header content-type startsWith application/json', true],
      ['restList', 'header content-type endsWith xml', false],
      ['restList', 'header x-total-count == 40', true],
      ['restList', 'header x-total-count > 39.5', true],
      ['restList', 'header x-total-count isString', true],
      ['restList', 'header x-nope exists', false],
      ['restList', 'header x-nope !exists', true],
      ['restList', 'header x-nope notExists', true],
      ['restList', 'header exists !exists', true],
      ['restList', 'header includes exists', false],
      ['restList', 'header link matches rel="next"', true],
      ['restList', 'header link matches /REL="LAST"/i', true],
      ['restList', 'duration < 60000', true],
      ['restList', 'duration isNumber', true],
      ['restList', 'duration > 60000', false],
    ]))

  it('body: JSONPath, bare paths and the text', () =>
    check([
      ['restList', 'body $.length == 3', true],
      ['restList', 'body $[0].name == Mechanical Keyboard', true],
      ['restList', 'body [0].name == Mechanical Keyboard', true],
      ['restList', 'body $[0].price == 89.99', true],
      ['restList', 'body $[0].price == "89.990"', false],
      ['restList', 'body $[0].price == 89.990', true],
      ['restList', 'body $[0].price isNumber', true],
      ['restList', 'body $[0].tags isArray', true],
      ['restList', 'body $[0].tags includes office', true],
      ['restList', 'body $[0].tags includes garden', false],
      ['restList', 'body $[0].tags == ["electronics", "office"]', true],
      ['restList', 'body $[?(@.price > 40)].name includes USB-C Hub', true],
      ['restList', 'body $[?(@.price > 40)].length == 2', false],
      ['restList', 'body $[5] exists', false],
      ['restList', 'body includes Wireless Mouse', true],
      ['restMissing', 'body title == Not Found', true],
      ['restMissing', 'body $.detail includes 999999', true],
      ['restMissing', 'body status == 404', true],
      ['graphqlItems', 'body $.items.length > 0', true],
      ['graphqlItems', 'body itemCount == 40', true],
      ['graphqlItems', 'body items[1].name == Wireless Mouse', true],
      ['soapItem', 'body item.name == Mechanical Keyboard', true],
      ['soapItem', 'body $.item.price > 50', true],
      ['soapItem', 'body $.item.quantity == 24', true],
    ]))

  it('xpath over SOAP and XML REST answers', () =>
    check([
      ['soapItem', 'xpath //tns:price == 89.99', true],
      ['soapItem', 'xpath //tns:price == 9.5', false],
      ['soapItem', 'xpath //tns:name == Mechanical Keyboard', true],
      ['soapItem', 'xpath count(//tns:tags) == 2', true],
      ['soapItem', 'xpath //tns:tags includes office', true],
      ['soapItem', 'xpath /soap:Envelope/soap:Body/tns:GetItemResponse exists', true],
      ['soapItem', 'xpath //tns:nothing exists', false],
      ['soapClientFault', 'xpath //faultstring == asked for', true],
      ['soapReceiverFault12', 'xpath //soap12:Reason/soap12:Text == broke', true],
      ['soapReceiverFault12', 'xpath //env:Value == soap:Receiver', false],
      ['restItemXml', 'xpath /item/name == Mechanical Keyboard', true],
      ['restItemXml', 'xpath /item/price > 50', true],
      ['restItemXml', 'xpath count(/item/tags/tag) == 2', true],
      ['restItemXml', "xpath /item/tags/tag[. = 'office'] exists", true],
    ]))

  it('SOAP faults: code without prefix, 1.2 Sender/Receiver read as Client/Server', () =>
    check([
      ['soapClientFault', 'fault code == Client', true],
      ['soapClientFault', 'fault code == Sender', true],
      ['soapClientFault', 'fault code == soap:Client', true],
      ['soapClientFault', 'fault code == Server', false],
      ['soapClientFault', 'fault code != Server', true],
      ['soapClientFault', 'fault reason includes asked', true],
      ['soapClientFault', 'fault reason == "asked for"', true],
      ['soapClientFault', 'fault.reason == asked for', true],
      ['soapClientFault', 'fault actor endsWith /soap', true],
      ['soapClientFault', 'fault exists', true],
      ['soapReceiverFault12', 'fault code == Server', true],
      ['soapReceiverFault12', 'fault code == Receiver', true],
      ['soapReceiverFault12', 'fault code == Client', false],
      ['soapReceiverFault12', 'status == 500', true],
      ['soapItem', 'fault !exists', true],
      ['soapItem', 'fault code == Client', false],
    ]))

  it('GraphQL errors', () =>
    check([
      ['graphqlItems', 'errors.length == 0', true],
      ['graphqlItems', 'errors isArray', true],
      ['graphqlUnauthenticated', 'errors.length == 0', false],
      ['graphqlUnauthenticated', 'errors.length == 1', true],
      ['graphqlUnauthenticated', 'errors[0].extensions.code == UNAUTHENTICATED', true],
      ['graphqlUnauthenticated', 'errors $[0].extensions.code == UNAUTHENTICATED', true],
      ['graphqlUnauthenticated', 'errors[0].message includes credentials', true],
      ['graphqlUnauthenticated', 'errors[0].path includes createItem', true],
      ['graphqlUnauthenticated', 'body createItem exists', true],
      ['graphqlUnauthenticated', 'body createItem == null', true],
      ['graphqlInvalid', 'errors.length == 1', true],
      ['graphqlInvalid', 'errors[0].message includes nope', true],
      ['graphqlInvalid', 'status < 500', true],
    ]))

  it('a failing assert carries expected, actual and a message in words', async () => {
    const { restList, soapClientFault } = await realAnswers()
    expect(evaluateAssert('status == 201', 12, restList)).toEqual({
      text: 'status == 201',
      line: 12,
      passed: false,
      expected: '201',
      actual: '200',
      message: 'expected status == 201, but status is 200',
    })
    const fault = evaluateAssert('fault code == Server', 3, soapClientFault)
    expect(fault).toMatchObject({ passed: false, expected: 'Server', actual: 'Client' })
    expect(fault.message).toBe('expected fault code == Server, but fault code is Client')
    const { graphqlUnauthenticated } = await realAnswers()
    expect(evaluateAssert('errors.length == 0', 5, graphqlUnauthenticated).message).toBe(
      'expected errors.length == 0, but errors.length is 1',
    )
    const missing = evaluateAssert('header x-request-id exists', 4, restList)
    expect(missing).toMatchObject({ passed: false, actual: '(missing)' })
    expect(missing).not.toHaveProperty('expected')
  })

  it('shows a long actual value cut at about 200 characters', async () => {
    const { restList } = await realAnswers()
    const result = evaluateAssert('body == nothing', 1, restList)
    expect(result.passed).toBe(false)
    expect(result.actual!.length).toBeLessThan(240)
    expect(result.actual).toMatch(/^\[\{"id":"1".*… \(\d+ characters\)$/)
  })

  it('an assert it cannot evaluate fails with the reason, never a throw', async () => {
    const { restList, restItemXml, soapItem, graphqlInvalid, soapClientFault } = await realAnswers()
    const reasons: Array<[string, RunAnswer, RegExp]> = [
      ['status 200', restList, /no operator in "status 200"/],
      ['', restList, /empty/],
      ['colour == red', restList, /unknown subject "colour"/],
      ['body $[?(@.price ===== 1)] == 2', restList, /bad JSONPath.*===/],
      ['body $[?(process.exit(1))] exists', restList, /bad JSONPath.*process is not defined/],
      ['xpath //tns:price[ == 9.5', soapItem, /bad XPath/],
      ['xpath //zz:price == 9.5', soapItem, /bad XPath.*zz/i],
      ['xpath //price == 9.5', restList, /the body is not XML/],
      ['body $.name == Pen', restItemXml, /not JSON \(application\/xml.*use xpath/],
      ['errors.length == 0', restList, /errors reads a GraphQL answer; this request is REST/],
      ['fault colour == red', soapItem, /fault has no "colour"/],
      ['header == json', restList, /header needs a name/],
      ['status 200 == 200', restList, /status takes no argument/],
      ['status.code == 200', restList, /status takes no path/],
      ['status exists 200', restList, /exists takes no value/],
      ['status ==', restList, /== needs a value/],
      ['header link matches (a', restList, /bad regular expression/],
      ['body $.items exists', graphqlInvalid, /the GraphQL answer has no data/],
      ['body $.item exists', soapClientFault, /the SOAP answer has no values \(it is a fault/],
    ]
    for (const [text, answer, reason] of reasons) {
      const result = evaluateAssert(text, 1, answer)
      expect(result.passed, text).toBe(false)
      expect(result.message, text).toMatch(reason)
    }
  })

  it("GraphQL's data: null reads as null, its fields as missing", async () => {
    const { graphqlInvalid } = await realAnswers()
    const nullData = { ...graphqlInvalid, value: null }
    expect(evaluateAssert('body $ == null', 1, nullData).passed).toBe(true)
    expect(evaluateAssert('body $.items exists', 1, nullData)).toMatchObject({
      passed: false,
      actual: '(missing)',
    })
  })

  it('an answer that never came fails every comparison and says so', () => {
    const none: RunAnswer = { style: 'rest', headers: {}, bodyText: '', value: undefined, durationMs: 3 }
    expect(evaluateAssert('status == 200', 1, none).message).toBe(
      'expected status == 200, but no answer came',
    )
    expect(evaluateAssert('status !exists', 1, none).passed).toBe(true)
    expect(evaluateAssert('body exists', 1, none).passed).toBe(false)
    expect(evaluateAssert('xpath //a exists', 1, none).passed).toBe(false)
  })

  it('stays bounded on hostile server text', () => {
    const answer = (bodyText: string): RunAnswer => ({
      style: 'rest',
      status: 200,
      headers: {},
      bodyText,
      value: undefined,
      durationMs: 1,
    })
    const siblings = (count: number) => answer(`<a>${'<b>x</b>'.repeat(count)}</a>`)
    const laughs = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">]><l>&f;</l>`
    let started = performance.now()
    // xmldom's compareDocumentPosition made this take 39 s at 10,000 siblings (numbered in document order now: 0.2 s).
    expect(evaluateAssert('xpath /a/b[1] == x', 1, siblings(10_000)).passed).toBe(true)
    expect(performance.now() - started).toBeLessThan(8_000)
    started = performance.now()
    const over = evaluateAssert('xpath count(//b) == 1', 1, siblings(60_000))
    expect(over.message).toMatch(/over 50,000 XML nodes/)
    expect(performance.now() - started).toBeLessThan(6_000)
    const laughed = evaluateAssert('xpath string-length(/l) < 1000', 1, answer(laughs))
    expect(laughed.passed).toBe(false)
    expect(laughed.message).toMatch(/not XML/)
    started = performance.now()
    const regex = evaluateAssert('body matches ^(a+)+$', 1, answer(`${'a'.repeat(40)}!`))
    expect(regex.passed).toBe(false)
    expect(regex.message).toMatch(/ran over 1 s on this answer/)
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})
