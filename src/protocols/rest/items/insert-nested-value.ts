import { formatJsonPath, type JsonPathStep, parseJsonPath } from './json-path.js'
import { nestedJsonError } from './nested-json-error.js'

type JsonObject = Record<string, unknown>

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/*
 * Own properties only, read and written without [[Set]]: a field named
 * `__proto__`, `constructor` or `prototype` becomes an ordinary key of the
 * body and never reaches (or replaces) a prototype.
 */
const getOwn = (object: JsonObject, key: string): unknown =>
  Object.hasOwn(object, key) ? object[key] : undefined

function setOwn(object: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true })
}

const containerFor = (step: JsonPathStep): JsonObject | unknown[] => (step.kind === 'key' ? {} : [])

function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value}`
}

function describeStep(step: JsonPathStep, position: number): string {
  if (step.kind === 'append') return 'append []'
  if (step.kind === 'index') return `index [${step.index}]`
  return position === 0 ? `key '${step.key}'` : `key [${step.key}]`
}

function typeConflict(steps: JsonPathStep[], position: number, found: unknown, path: string, item: string) {
  const step = steps[position]!
  const prefix = formatJsonPath(steps.slice(0, position))
  const holder = prefix === '' ? 'the top level' : `'${prefix}'`
  const needs = step.kind === 'key' ? 'an object' : 'an array'
  const message = `Type conflict in '${item}': ${holder} is ${typeName(found)}, but ${describeStep(step, position)} needs ${needs}`
  return nestedJsonError('type', message, path, step.span.end > step.span.start ? step.span : undefined)
}

/**
 * Sets `value` at a nested field path (`a[b][0][]`) inside `root`, creating
 * objects and arrays on the way, as HTTPie's nested JSON interpreter does
 * (httpie/cli/nested_json/interpret.py). `root` is the body built so far
 * (`undefined` at first) and may be changed in place; the (new) root is
 * returned. A step that meets a value of the wrong type throws a UsageError
 * naming `item`. A null met on the way is replaced, like an absent value.
 */
export function insertNestedValue(root: unknown, path: string, value: unknown, item: string = path): unknown {
  const steps = parseJsonPath(path, item)
  const top = root ?? containerFor(steps[0]!)
  let cursor: unknown = top
  for (const [position, step] of steps.entries()) {
    const next = steps[position + 1]
    if (step.kind === 'key') {
      if (!isObject(cursor)) throw typeConflict(steps, position, cursor, path, item)
      if (!next) {
        setOwn(cursor, step.key, value)
        return top
      }
      let child = getOwn(cursor, step.key)
      if (child === undefined || child === null) {
        child = containerFor(next)
        setOwn(cursor, step.key, child)
      }
      cursor = child
      continue
    }
    if (!Array.isArray(cursor)) throw typeConflict(steps, position, cursor, path, item)
    const index = step.kind === 'append' ? cursor.length : step.index
    while (cursor.length <= index) cursor.push(null)
    if (!next) {
      cursor[index] = value
      return top
    }
    if (cursor[index] === null || cursor[index] === undefined) cursor[index] = containerFor(next)
    cursor = cursor[index]
  }
  return top
}
