import type { Sink } from '../../core/context.js'
import type { RequestResult, RunOutcome } from '../../core/run-report.js'
import { escapeControl } from '../safe-text.js'
import { truncateToWidth } from '../text-width.js'
import { createTheme } from '../theme.js'
import { answerSummary, resultName } from './describe-result.js'
import { OUTCOME_MARKS, outcomePaint } from './outcome-marks.js'

export interface RunProgress {
  /** One request finished. */
  done(result: RequestResult): void
  /** Erases the live line (terminal); safe to call twice. */
  stop(): void
}

const eraseLine = '\r\u001b[K'

/**
 * The progress of `apictl run`. On a terminal: one line, rewritten as each
 * request finishes — `[12/40] ✓ 11 ✗ 1  GET /v1/items` — and erased by
 * stop(). Elsewhere (a CI log): one plain line per finished request,
 * `[3/40] ✗ missing item  404  14 ms`, so a long or stuck run shows where
 * it is.
 */
export function startRunProgress(sink: Sink, total: number, options: { colour: boolean }): RunProgress {
  const theme = createTheme(options.colour)
  const counts: Record<RunOutcome, number> = { passed: 0, failed: 0, error: 0, skipped: 0 }
  let finished = 0
  let stopped = false
  let visible = false
  const counter = () => `[${finished}/${total}]`
  const tally = () =>
    (['passed', 'failed', 'error', 'skipped'] as const)
      .filter((outcome) => outcome === 'passed' || outcome === 'failed' || counts[outcome] > 0)
      .map((outcome) => outcomePaint(outcome, theme)(`${OUTCOME_MARKS[outcome]} ${counts[outcome]}`))
      .join(' ')
  return {
    done(result) {
      if (stopped) return
      finished++
      counts[result.outcome]++
      const name = escapeControl(resultName(result), { newlines: false })
      if (sink.isTTY) {
        const width = (sink.columns ?? 80) - 1
        const head = `${counter()} ${tally()}  `
        const plainHead = `${counter()} ${Object.values(counts).join('  ')}  `
        sink.write(`${eraseLine}${head}${truncateToWidth(name, Math.max(width - plainHead.length - 4, 8))}`)
        visible = true
        return
      }
      const mark = outcomePaint(result.outcome, theme)(OUTCOME_MARKS[result.outcome])
      const status =
        result.outcome === 'error'
          ? 'error'
          : result.outcome === 'skipped'
            ? 'skipped'
            : answerSummary(result)
      sink.write(
        `${counter()} ${mark} ${name}  ${escapeControl(status, { newlines: false })}  ${Math.round(result.durationMs)} ms\n`,
      )
    },
    stop() {
      if (stopped) return
      stopped = true
      if (visible) sink.write(eraseLine)
    },
  }
}
