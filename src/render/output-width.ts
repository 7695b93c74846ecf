/**
 * How wide a table may be on a stream: the terminal's width (a terminal that reports none, 0
 * columns as a pty nobody sized does: $COLUMNS, else 100); piped or redirected, $COLUMNS when
 * set, else no limit, so that a table sent to a file or a pager loses no cell to '…'.
 */
export function outputWidth(
  stream: { isTTY?: boolean; columns?: number },
  env: Record<string, string | undefined>,
): number {
  const columns = Number(env.COLUMNS)
  const given = Number.isInteger(columns) && columns > 0 ? columns : undefined
  if (stream.isTTY) return stream.columns || (given ?? 100)
  return given ?? Number.POSITIVE_INFINITY
}

/** A terminal's width, for text that wraps on a terminal only; undefined when piped (one line per item, for grep) or unknown. */
export function terminalColumns(stream: { isTTY?: boolean; columns?: number }): number | undefined {
  return stream.isTTY && stream.columns ? stream.columns : undefined
}
