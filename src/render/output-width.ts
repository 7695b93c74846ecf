/**
 * How wide a table may be on a stream: the terminal's width; piped or redirected, $COLUMNS
 * when set, else no limit, so that a table sent to a file or a pager loses no cell to '…'.
 */
export function outputWidth(
  stream: { isTTY?: boolean; columns?: number },
  env: Record<string, string | undefined>,
): number {
  if (stream.isTTY) return stream.columns ?? 100
  const columns = Number(env.COLUMNS)
  return Number.isInteger(columns) && columns > 0 ? columns : Number.POSITIVE_INFINITY
}

/** A terminal's width, for text that wraps on a terminal only; undefined when piped (one line per item, for grep). */
export function terminalColumns(stream: { isTTY?: boolean; columns?: number }): number | undefined {
  return stream.isTTY && stream.columns !== undefined ? stream.columns : undefined
}
