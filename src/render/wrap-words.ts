import type { Sink } from '../core/context.js'
import { displayWidth } from './text-width.js'

/**
 * Text broken at blanks into lines of at most `width` cells (ANSI colour
 * codes not counted), each paragraph (`\n`) on its own. A line is never
 * broken inside a word, a URL or an option: a word wider than `width` gets
 * a line of its own, whole, and the terminal may fold it.
 */
export function wrapWords(text: string, width: number): string[] {
  return text.split('\n').flatMap((paragraph) => wrapParagraph(paragraph, Math.max(1, width)))
}

function wrapParagraph(paragraph: string, width: number): string[] {
  const indent = /^ */.exec(paragraph)![0]
  const lines: string[] = []
  let line = indent
  for (const word of paragraph.slice(indent.length).split(' ')) {
    const candidate = line === indent ? `${line}${word}` : `${line} ${word}`
    if (line !== indent && displayWidth(candidate) > width) {
      lines.push(line)
      line = word
    } else line = candidate
  }
  return [...lines, line]
}

/**
 * Lines that start with a label (`  try:   `) and continue under the text
 * after it, wrapped to the terminal's width; as given when the sink is not
 * a terminal (a script or a pipe sees one line per item, to grep or parse).
 */
export function labelledLines(sink: Sink, label: string, painted: string, text: string): string[] {
  const indent = ' '.repeat(displayWidth(label))
  const width = sink.isTTY && sink.columns !== undefined ? sink.columns - indent.length - 1 : undefined
  const lines = width === undefined || width < 20 ? text.split('\n') : wrapWords(text, width)
  return lines.map((line, index) => `${index === 0 ? painted : indent}${line}`)
}
