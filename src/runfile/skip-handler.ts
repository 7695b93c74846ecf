import { RunFileError } from './run-file-error.js'
import type { Line } from './source-line.js'

/**
 * Skips a JetBrains response handler (`> {% … %}`, possibly over several
 * lines, or `> ./handler.js`), a `<>` previous-response reference or a `>>`
 * response redirect, with a warning; returns the index of its last line.
 */
export function skipHandler(lines: Line[], index: number, path: string, warnings: string[]): number {
  const { text, number } = lines[index]!
  const trimmed = text.trim()
  const where = `${path}:${number}`
  if (trimmed.startsWith('<>')) {
    warnings.push(
      `${where}: the previous-response reference (<>) is skipped: apictl does not compare responses.`,
    )
    return index
  }
  if (trimmed.startsWith('>>')) {
    warnings.push(
      `${where}: the response redirect (>>) is skipped: apictl run does not save responses to files.`,
    )
    return index
  }
  warnings.push(
    `${where}: the JavaScript response handler is skipped (apictl runs no scripts); write its checks as ?? asserts and its captures as # @name + {{name.path}}.`,
  )
  if (!trimmed.includes('{%')) return index
  let last = index
  while (last < lines.length && !lines[last]!.text.includes('%}')) last++
  if (last >= lines.length) {
    throw new RunFileError('A response handler {% … has no closing %}.', {
      file: path,
      line: number,
      column: 1,
    })
  }
  return last
}

/** `{{` opening an httpYac script block (a template closes on its own line). */
export function isScriptStart(trimmed: string): boolean {
  return trimmed.startsWith('{{') && !trimmed.includes('}}')
}
