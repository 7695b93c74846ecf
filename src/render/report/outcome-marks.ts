import type { RunOutcome } from '../../core/run-report.js'
import type { Paint, Theme } from '../theme.js'

/** The mark and colour of each outcome, shared by the summary table and the progress line. */
export const OUTCOME_MARKS: Record<RunOutcome, string> = {
  passed: '✓',
  failed: '✗',
  error: '!',
  skipped: '-',
}

export function outcomePaint(outcome: RunOutcome, theme: Theme): Paint {
  if (outcome === 'passed') return theme.status(200)
  if (outcome === 'failed') return theme.error
  if (outcome === 'error') return theme.warning
  return theme.dim
}

/** `1 request`, `2 requests`. */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
