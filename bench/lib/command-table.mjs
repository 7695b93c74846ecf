// The table of a section that times commands in paired rounds (A and B): one row per command.
import { formatMs, formatRatio, renderTable } from './format.mjs'

/**
 * Rows of `runPairedRounds` results: the command, its median and p90, its
 * ratio to `node -e ''`, with `versus` (a column title) its ratio to the
 * case it is compared with, and notes (`notesOf(result)`, then the result's own).
 */
export function renderCommandTimes(results, { versus, notesOf }) {
  const rows = results.map((result) => {
    if (result.status !== 'ok') return [result.label, '–', '–', '–', ...(versus ? ['–'] : []), result.note]
    const compared = result.versus ? formatRatio(result.ratios[result.versus]) : ''
    return [
      result.label,
      formatMs(result.medianMs),
      formatMs(result.p90Ms),
      formatRatio(result.ratios.node),
      ...(versus ? [compared] : []),
      [notesOf(result), result.note].filter(Boolean).join('; '),
    ]
  })
  const columns = [
    { title: 'command', align: 'left' },
    { title: 'median', align: 'right' },
    { title: 'p90', align: 'right' },
    { title: "× node -e ''", align: 'right' },
    ...(versus ? [{ title: versus, align: 'right' }] : []),
    { title: 'goal / note', align: 'left' },
  ]
  return renderTable(columns, rows)
}
