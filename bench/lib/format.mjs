// Number formatting and aligned plain-text tables for the terminal.

export function formatMs(value) {
  if (!Number.isFinite(value)) return '–'
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`
}

/** autocannon records latency in whole milliseconds: 0 means under 1 ms. */
export function formatWholeMs(value) {
  if (!Number.isFinite(value)) return '–'
  return value < 1 ? '<1 ms' : `${Math.round(value)} ms`
}

export function formatRatio(value) {
  if (!Number.isFinite(value)) return '–'
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)}×`
}

export function formatRate(value) {
  if (!Number.isFinite(value)) return '–'
  return `${Math.round(value).toLocaleString('en-US')} req/s`
}

/** A goal as one table note: `ok` / `MISSED` with the goal and the measured figure. */
export function goalNote(goal) {
  if (goal.met === null) return `goal ${goal.goal}: not measured${goal.note ? ` (${goal.note})` : ''}`
  return `${goalVerdict(goal)}: goal ${goal.goal}, measured ${goal.display}`
}

/** A goal in a table row beside its figure: `ok (goal ≤ 1.2×)`, `MISSED (goal ≤ 0.6×)`. */
export function goalShort(goal) {
  if (goal.met === null) return `goal ${goal.target}: not measured`
  return `${goalVerdict(goal)} (goal ${goal.target})`
}

/** `ok`, `MISSED`, `not measured`; with the aim when the goal names one (`ok, aim 1.5× not reached`). */
export function goalVerdict(goal) {
  if (goal.met === null) return 'not measured'
  const verdict = goal.met ? 'ok' : 'MISSED'
  if (goal.aimMet === undefined) return verdict
  return `${verdict}, aim ${formatRatio(goal.aim)} ${goal.aimMet ? 'reached' : 'not reached'}`
}

/**
 * Renders rows as aligned columns. columns: [{ title, align: 'left'|'right' }];
 * rows: arrays of strings. A row that is a plain string spans the table (notes, errors).
 */
export function renderTable(columns, rows) {
  const widths = columns.map((column, index) =>
    Math.max(
      column.title.length,
      ...rows.filter(Array.isArray).map((row) => String(row[index] ?? '').length),
    ),
  )
  const line = (cells) =>
    cells
      .map((cell, index) => {
        const text = String(cell ?? '')
        return columns[index].align === 'right' ? text.padStart(widths[index]) : text.padEnd(widths[index])
      })
      .join('  ')
      .trimEnd()
  const header = line(columns.map((column) => column.title))
  const rule = widths.map((width) => '─'.repeat(width)).join('  ')
  const body = rows.map((row) => (Array.isArray(row) ? line(row) : `  ${row}`))
  return [header, rule, ...body].join('\n')
}
