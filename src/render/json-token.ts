/**
 * The JSON printer works on a flat stream of tokens so that a value and a
 * response text print the same way, and so nothing recurses: a hostile body
 * nested a million levels deep prints without exhausting the stack.
 */
export type JsonToken =
  | { kind: 'open'; char: '{' | '[' }
  | { kind: 'close'; char: '}' | ']' }
  /** `text` is a JSON string literal, quotes included. */
  | { kind: 'key'; text: string }
  | { kind: 'scalar'; type: 'string' | 'number' | 'boolean' | 'null'; text: string }
