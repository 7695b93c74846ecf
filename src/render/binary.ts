import { escapeControl } from './safe-text.js'
import { truncateToWidth } from './text-width.js'
import { createTheme } from './theme.js'

function size(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  const units = ['kB', 'MB', 'GB', 'TB']
  let value = bytes / 1000
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${value.toFixed(1)} ${units[unit]}`
}

/**
 * The box shown instead of a binary body on a terminal, HTTPie style, with
 * the size and type and how to get the bytes. No trailing newline.
 */
export function formatBinaryNotice(
  bytes: number,
  contentType?: string,
  options: { colour: boolean } = { colour: false },
): string {
  const theme = createTheme(options.colour)
  const type =
    contentType === undefined || contentType === ''
      ? ''
      : `, ${truncateToWidth(escapeControl(contentType, { newlines: false }), 60)}`
  const lines = [
    'NOTE: binary data not shown in terminal',
    `${size(bytes)}${type}`,
    'redirect stdout to a file to save it',
  ]
  const width = Math.max(...lines.map((line) => line.length))
  const rule = `+${'-'.repeat(width + 2)}+`
  const body = lines.map((line) => `| ${line.padEnd(width)} |`)
  return theme.warning([rule, ...body, rule].join('\n'))
}
