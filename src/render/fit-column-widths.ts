/**
 * Shares `available` cells between columns: columns narrower than an equal
 * share keep their natural width, the rest split what is left evenly. The
 * result never sums to more than `available` when that allows `minimum`
 * per column, and never exceeds a column's natural width.
 */
export function fitColumnWidths(natural: number[], available: number, minimum = 3): number[] {
  const total = natural.reduce((sum, width) => sum + width, 0)
  if (total <= available) return [...natural]
  const widths = natural.map(() => 0)
  const order = natural.map((_, index) => index).sort((a, b) => natural[a]! - natural[b]!)
  let remaining = available
  for (const [position, index] of order.entries()) {
    const left = order.length - position
    const share = Math.floor(remaining / left)
    if (natural[index]! <= share) {
      widths[index] = natural[index]!
      remaining -= natural[index]!
      continue
    }
    const extra = remaining % left
    for (const [offset, rest] of order.slice(position).entries())
      widths[rest] = share + (offset < extra ? 1 : 0)
    break
  }
  return widths.map((width) => Math.max(width, minimum))
}
