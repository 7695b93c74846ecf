import type { JsonToken } from './json-token.js'

interface Frame {
  container: object
  keys: string[] | null
  index: number
}

function toJsonValue(value: unknown, key: string): unknown {
  if (value !== null && typeof value === 'object') {
    const toJSON = (value as { toJSON?: unknown }).toJSON
    if (typeof toJSON === 'function') return toJSON.call(value, key)
  }
  return value
}

function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol'
}

function scalarToken(value: unknown): JsonToken | undefined {
  if (value === null || isOmitted(value)) return { kind: 'scalar', type: 'null', text: 'null' }
  switch (typeof value) {
    case 'string':
      return { kind: 'scalar', type: 'string', text: JSON.stringify(value) }
    case 'boolean':
      return { kind: 'scalar', type: 'boolean', text: String(value) }
    case 'bigint':
      return { kind: 'scalar', type: 'number', text: value.toString() }
    case 'number':
      return Number.isFinite(value)
        ? { kind: 'scalar', type: 'number', text: JSON.stringify(value) }
        : { kind: 'scalar', type: 'null', text: 'null' }
    default:
      return undefined
  }
}

/** Tokens of a value, following JSON.stringify's rules (toJSON, omitted keys, null in arrays). */
export function* jsonValueTokens(root: unknown): Generator<JsonToken> {
  const stack: Frame[] = []
  const ancestors = new Set<object>()
  let pending: { value: unknown } | undefined = { value: toJsonValue(root, '') }
  while (true) {
    if (pending !== undefined) {
      const value = pending.value
      pending = undefined
      const scalar = scalarToken(value)
      if (scalar !== undefined) yield scalar
      else if (ancestors.has(value as object)) yield { kind: 'scalar', type: 'string', text: '"[Circular]"' }
      else {
        const container = value as object
        const isArray = Array.isArray(container)
        yield { kind: 'open', char: isArray ? '[' : '{' }
        ancestors.add(container)
        stack.push({ container, keys: isArray ? null : Object.keys(container), index: 0 })
      }
    }
    const frame = stack.at(-1)
    if (frame === undefined) return
    pending = yield* nextItem(frame)
    if (pending === undefined) {
      stack.pop()
      ancestors.delete(frame.container)
      yield { kind: 'close', char: frame.keys === null ? ']' : '}' }
    }
  }
}

function* nextItem(frame: Frame): Generator<JsonToken, { value: unknown } | undefined> {
  const record = frame.container as Record<string, unknown>
  if (frame.keys === null) {
    const items = frame.container as unknown[]
    if (frame.index >= items.length) return undefined
    const index = frame.index++
    return { value: toJsonValue(items[index], String(index)) }
  }
  while (frame.index < frame.keys.length) {
    const key = frame.keys[frame.index++]!
    const value = toJsonValue(record[key], key)
    if (isOmitted(value)) continue
    yield { kind: 'key', text: JSON.stringify(key) }
    return { value }
  }
  return undefined
}
