/** `0 B`, `812 B`, `1.5 kB`, `104.9 MB`, `2.1 GB`: decimal units with one decimal, as HTTPie and curl show sizes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.round(bytes)} B`
  const units = ['kB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 'B'
  for (const next of units) {
    if (value < 1000) break
    value /= 1000
    unit = next
  }
  return `${value.toFixed(1)} ${unit}`
}
