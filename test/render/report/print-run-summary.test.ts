import { describe, expect, it } from 'vitest'
import { BufferSink } from '../../../src/core/context.js'
import { printRunSummary } from '../../../src/render/report/print-run-summary.js'
import { startRunProgress } from '../../../src/render/report/run-progress.js'
import { stripAnsi } from '../../../src/render/text-width.js'
import { HOSTILE_NAME, useRealAnswers } from '../../runfile/real-answers.js'
import { OTHER_FILE, SAMPLE_FILE, sampleRunReport } from './sample-run-report.js'

const realAnswers = useRealAnswers()

/** Durations vary run to run: fixed ones make the output exact. */
async function report() {
  const sample = sampleRunReport(await realAnswers())
  for (const [index, result] of sample.results.entries()) result.durationMs = [52, 14, 23, 7, 3, 3, 0][index]!
  sample.durationMs = 102
  return sample
}

describe('printRunSummary', () => {
  it('prints the table, the totals and each failed assert with file:line, expected and actual (plain sink)', async () => {
    const sink = new BufferSink(false)
    printRunSummary(await report(), sink, { colour: false })
    const text = sink.text()
    expect(text).not.toContain('\u001b')
    const lines = text.split('\n')
    expect(lines.slice(0, 3)).toEqual([
      expect.stringMatching(/^┌─+┬/),
      expect.stringMatching(/^│ Request +│ Style +│ Status or fault +│ Asserts +│ Time +│$/),
      expect.stringMatching(/^├─+┼/),
    ])
    expect(text).toMatch(/│ ✓ list items +│ REST +│ 200 +│ 2 ✓ +│ +52 ms │/)
    expect(text).toMatch(/│ ✗ missing item +│ REST +│ 404 +│ 2 ✓ 1 ✗ +│ +14 ms │/)
    expect(text).toMatch(/│ ✗ GRAPHQL createItem +│ GraphQL +│ 200 1 GraphQL error +│ 0 ✓ 1 ✗ +│/)
    expect(text).toMatch(/│ ✓ SOAP RaiseFault +│ SOAP +│ 500 fault Client +│ 2 ✓ +│/)
    expect(text).toMatch(/│ ! SOAP GetItem +│ SOAP +│ error \(exit 3\) +│ — +│ +3 ms │/)
    expect(text).toMatch(/│ - SOAP DeleteItem +│ SOAP +│ skipped +│ — +│ +0 ms │/)
    expect(text).toContain(
      '7 requests: 2 passed, 3 failed, 1 error, 1 skipped · asserts: 7 passed, 3 failed · 102 ms\n',
    )
    expect(text).toContain(
      [
        `✗ missing item  ${SAMPLE_FILE}:11  status == 200`,
        '    expected: 200',
        '    actual:   404',
        '    expected status == 200, but status is 404',
      ].join('\n'),
    )
    expect(text).toContain(
      `! SOAP GetItem  ${OTHER_FILE}:11:1\n    connection refused: http://127.0.0.1:9/soap\n`,
    )
    expect(text).toContain(`    actual:   ${HOSTILE_NAME}\n`)
    expect(text.endsWith('\n')).toBe(true)
  })

  it('fits a terminal: no line wider than its columns, colours on, server text escaped', async () => {
    const sample = await report()
    sample.results[0]!.name = `list\u001b]0;pwned\u0007 items ${'very long name '.repeat(10)}`
    const sink = new BufferSink(true, 60)
    printRunSummary(sample, sink, { colour: true })
    const text = sink.text()
    expect(text).toContain('\u001b[1;31m')
    expect(text).not.toContain('\u001b]0;')
    const tableLines = stripAnsi(text)
      .split('\n')
      .filter((line) => /^[┌│├└]/.test(line))
    expect(tableLines.length).toBe(sample.results.length + 4)
    expect(Math.max(...tableLines.map((line) => [...line].length))).toBeLessThanOrEqual(60)
    expect(stripAnsi(text)).toContain('│ ✓ list\\u001')
  })

  it('a very narrow terminal drops columns from the right rather than break', async () => {
    const sink = new BufferSink(true, 30)
    printRunSummary(await report(), sink, { colour: true })
    const lines = stripAnsi(sink.text())
      .split('\n')
      .filter((line) => /^[┌│├└]/.test(line))
    expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(30)
    expect(lines[1]).toMatch(/^│ Reque… +│ Style +│ Status… │$/)
  })

  it('10,000 requests in well under the 18 s cli-table3 took to lay them out', async () => {
    const sample = await report()
    sample.results = Array.from({ length: 10_000 }, (_, index) => ({
      ...sample.results[index % sample.results.length]!,
      name: `request ${index}`,
    }))
    const sink = new BufferSink(true, 120)
    const started = performance.now()
    printRunSummary(sample, sink, { colour: true })
    expect(performance.now() - started).toBeLessThan(8_000)
    expect(stripAnsi(sink.text())).toMatch(/│ ✓ request 9996 +│ REST +│ 200 +│ 2 ✓ +│ +52 ms │/)
  })

  it('an empty run prints the totals alone', async () => {
    const sample = await report()
    sample.results = []
    sample.summary = {
      requests: 0,
      passed: 0,
      failed: 0,
      errored: 0,
      skipped: 0,
      assertsPassed: 0,
      assertsFailed: 0,
    }
    const sink = new BufferSink(false)
    printRunSummary(sample, sink, { colour: false })
    expect(sink.text()).toBe('0 requests: 0 passed · asserts: 0 passed · 102 ms\n')
  })
})

describe('startRunProgress', () => {
  it('on a terminal: one line rewritten per finished request, erased by stop()', async () => {
    const sample = await report()
    const sink = new BufferSink(true, 50)
    const progress = startRunProgress(sink, sample.results.length, { colour: false })
    for (const result of sample.results) progress.done(result)
    progress.stop()
    progress.stop()
    const writes = sink.chunks
    expect(writes[0]).toBe('\r\u001b[K[1/7] ✓ 1 ✗ 0  list items')
    expect(writes[1]).toBe('\r\u001b[K[2/7] ✓ 1 ✗ 1  missing item')
    expect(writes[6]).toBe('\r\u001b[K[7/7] ✓ 2 ✗ 3 ! 1 - 1  SOAP DeleteItem')
    expect(writes.at(-1)).toBe('\r\u001b[K')
    expect(writes).toHaveLength(8)
    expect(writes.join('')).not.toContain('\n')
    expect(Math.max(...writes.map((write) => [...write.replace('\r\u001b[K', '')].length))).toBeLessThan(50)
  })

  it('cuts a long name to the width and escapes what a server put in it', async () => {
    const sample = await report()
    const sink = new BufferSink(true, 40)
    const progress = startRunProgress(sink, 1, { colour: true })
    progress.done({ ...sample.results[0]!, name: `\u001b[2J${'x'.repeat(100)}` })
    const line = sink.text()
    expect(line).not.toContain('\u001b[2J')
    expect([...stripAnsi(line.replace('\r\u001b[K', ''))].length).toBeLessThan(40)
    expect(line).toContain('\u001b[1;32m✓ 1\u001b[0m')
  })

  it('elsewhere: one plain line per finished request; nothing after stop()', async () => {
    const sample = await report()
    const sink = new BufferSink(false)
    const progress = startRunProgress(sink, sample.results.length, { colour: false })
    for (const result of sample.results.slice(0, 6)) progress.done(result)
    progress.stop()
    progress.done(sample.results[6]!)
    expect(sink.text()).toBe(
      [
        '[1/7] ✓ list items  200  52 ms',
        '[2/7] ✗ missing item  404  14 ms',
        '[3/7] ✗ GRAPHQL createItem  200 1 GraphQL error  23 ms',
        `[4/7] ✗ hostile <b>name</b>  200  7 ms`,
        '[5/7] ✓ SOAP RaiseFault  500 fault Client  3 ms',
        '[6/7] ! SOAP GetItem  error  3 ms',
        '',
      ].join('\n'),
    )
  })
})
