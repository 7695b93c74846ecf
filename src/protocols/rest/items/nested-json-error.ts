import { UsageError } from '../../../core/errors.js'

/** Where in a field path the problem is: character offsets, end exclusive. */
export interface PathSpan {
  start: number
  end: number
}

const hints = {
  syntax:
    'Write nested fields as a[b], array items as a[0], and a[] to append; ' +
    'escape a literal [, ] or \\ in a name with a backslash (a\\[b\\]).',
  type:
    'A value keeps one type across items: a[b]=... makes a an object, a[0]=... or a[]=... makes it an array. ' +
    'Rename the field or drop the conflicting item.',
  value: 'Use an index from 0 up, or [] to append.',
} as const

/**
 * A UsageError about a nested JSON field path, in the spirit of HTTPie's
 * NestedJSONSyntaxError: what is wrong, in which item, and the path with
 * carets under the offending part.
 */
export function nestedJsonError(
  kind: keyof typeof hints,
  message: string,
  path: string,
  span: PathSpan | undefined,
): UsageError {
  const lines = [message]
  if (span)
    lines.push(`  ${path}`, `  ${' '.repeat(span.start)}${'^'.repeat(Math.max(1, span.end - span.start))}`)
  return new UsageError(lines.join('\n'), { where: path, hint: hints[kind] })
}
