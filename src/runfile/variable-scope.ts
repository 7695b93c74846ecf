import { DYNAMIC_VARIABLES, dynamicVariable } from './dynamic-variable.js'
import type { FileVariable, HttpFile, Located } from './http-file.js'
import { RunFileError } from './run-file-error.js'

/** Where `{{name}}` values come from besides the file's own variables and captures. */
export interface ScopeSources {
  /** --var name=value: over everything else. */
  given: Record<string, string>
  /** The --env environment of http-client.env.json (private values over public ones). */
  environment: Record<string, string>
  /** The process environment, for `{{$env.NAME}}` / `{{$processEnv NAME}}`. */
  processEnv: Record<string, string | undefined>
}

/** `check`: captured values not there yet stand in as this placeholder (validation before the run). */
export type ResolveMode = 'send' | 'check'
export const PLACEHOLDER = '0'

const TEMPLATE = /\{\{([\s\S]*?)\}\}/g
const REFERENCE = /^([A-Za-z_][\w-]*)((?:\.[\w$-]+|\[\d+\])*)$/

/** `a.b[0].c` → ['b', 0, 'c'] after the head name. */
function pathOf(text: string): Array<string | number> {
  return [...text.matchAll(/\.([\w$-]+)|\[(\d+)\]/g)].map((match) =>
    match[1] !== undefined ? match[1] : Number(match[2]),
  )
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === null) return 'null'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * The values `{{…}}` templates take in one run of one file: --var, the
 * file's variables (the last `@name =` before the request that uses it,
 * resolved when first used, then kept), the answers of named requests
 * (`{{created.id}}`), the environment file, and dynamic variables.
 */
export class VariableScope {
  readonly #captures = new Map<string, unknown>()
  readonly #variables: Array<{ index: number; variable: FileVariable }> = []
  readonly #memo = new Map<FileVariable, string>()
  readonly #requestNames: Set<string>
  /** How many placeholders check-mode resolutions used (a captured value not there yet). */
  placeholders = 0

  constructor(
    readonly file: HttpFile,
    readonly sources: ScopeSources,
  ) {
    file.entries.forEach((entry, index) => {
      if (entry.kind === 'variable') this.#variables.push({ index, variable: entry.variable })
    })
    this.#requestNames = new Set(
      file.entries.flatMap((entry) =>
        entry.kind === 'request' && entry.request.name ? [entry.request.name] : [],
      ),
    )
  }

  /** Keeps a named request's decoded answer for `{{name.path}}`. */
  capture(name: string, value: unknown): void {
    this.#captures.set(name, value)
  }

  /** True when `{{name}}` has a value for the entry at `before` (--var, a file variable, the environment). */
  defines(name: string, before: number): boolean {
    return (
      this.sources.given[name] !== undefined ||
      this.#variableBefore(name, before) !== undefined ||
      this.sources.environment[name] !== undefined
    )
  }

  /** The text with every template replaced, as seen by the entry at `before`. */
  resolve(text: Located, before: number, mode: ResolveMode): string {
    return this.#resolve(text, before, mode, 0)
  }

  /** The named requests a text depends on (through variables too): they must answer first. */
  dependencies(text: Located, before: number, found = new Set<string>(), depth = 0): Set<string> {
    if (depth > 20) return found
    for (const match of text.text.matchAll(TEMPLATE)) {
      const reference = REFERENCE.exec(match[1]!.trim())
      if (reference === null) continue
      const name = reference[1]!
      if (this.sources.given[name] !== undefined) continue
      const variable = this.#variableBefore(name, before)
      if (variable) this.dependencies(variable.variable.value, variable.index, found, depth + 1)
      else if (this.#requestNames.has(name)) found.add(name)
    }
    return found
  }

  #variableBefore(name: string, before: number) {
    let found: { index: number; variable: FileVariable } | undefined
    for (const each of this.#variables) {
      if (each.index < before && each.variable.name === name) found = each
    }
    return found
  }

  #resolve(text: Located, before: number, mode: ResolveMode, depth: number): string {
    if (depth > 20) {
      throw new RunFileError('Variables refer to each other in a circle.', this.#at(text, 0))
    }
    return text.text.replace(TEMPLATE, (_whole, inner: string, offset: number) =>
      this.#value(inner.trim(), this.#at(text, offset), before, mode, depth),
    )
  }

  #value(
    expression: string,
    at: { file: string; line: number; column: number },
    before: number,
    mode: ResolveMode,
    depth: number,
  ): string {
    if (expression.startsWith('$')) {
      const value = dynamicVariable(expression, this.sources.processEnv)
      if (value !== undefined) return value
      throw new RunFileError(
        `{{${expression}}} is not a dynamic variable apictl knows.`,
        at,
        `Known: ${DYNAMIC_VARIABLES}.`,
      )
    }
    const reference = REFERENCE.exec(expression)
    if (reference === null) {
      throw new RunFileError(
        `{{${expression.slice(0, 60)}}} is a JavaScript expression; apictl evaluates no scripts.`,
        at,
        'Use a variable ({{name}}), a captured value ({{created.id}}) or a dynamic variable ({{$uuid}}).',
      )
    }
    const name = reference[1]!
    const path = pathOf(reference[2]!)
    const given = this.sources.given[name]
    if (given !== undefined) return path.length === 0 ? given : this.#walk(given, path, expression, at)
    const variable = this.#variableBefore(name, before)
    if (variable !== undefined) {
      // Resolved once when sent ({{$uuid}} in a variable is one value); in a check, nothing is kept.
      let value = this.#memo.get(variable.variable)
      if (value === undefined) {
        value = this.#resolve(variable.variable.value, variable.index, mode, depth + 1)
        if (mode === 'send') this.#memo.set(variable.variable, value)
      }
      return path.length === 0 ? value : this.#walk(parseJson(value), path, expression, at)
    }
    if (this.#requestNames.has(name)) {
      if (!this.#captures.has(name)) {
        if (mode === 'check') {
          this.placeholders++
          return PLACEHOLDER
        }
        throw new RunFileError(
          `{{${expression}}}: the request named ${name} has no answer (it failed, or did not run before this one).`,
          at,
          `Run it first (file order; with --name, name it too), and check that it succeeds.`,
        )
      }
      return this.#walk(this.#captures.get(name), path, expression, at)
    }
    const environment = this.sources.environment[name]
    if (environment !== undefined)
      return path.length === 0 ? environment : this.#walk(parseJson(environment), path, expression, at)
    throw new RunFileError(
      `{{${name}}} is not defined.`,
      at,
      'Define it: @name = value in the file, an http-client.env.json environment (--env NAME), --var name=value, or # @name on a request before this one.',
    )
  }

  #walk(
    value: unknown,
    path: Array<string | number>,
    expression: string,
    at: { file: string; line: number; column: number },
  ): string {
    let current = value
    for (const step of path) {
      if (current !== null && typeof current === 'object' && step in (current as object)) {
        current = (current as Record<string | number, unknown>)[step]
      } else if (
        typeof step === 'string' &&
        step === 'length' &&
        (Array.isArray(current) || typeof current === 'string')
      ) {
        current = current.length
      } else {
        throw new RunFileError(
          `{{${expression}}}: the value has no ${typeof step === 'number' ? `[${step}]` : step} (it is ${describe(current)}).`,
          at,
        )
      }
    }
    if (current === undefined) throw new RunFileError(`{{${expression}}} has no value.`, at)
    return asText(current)
  }

  #at(text: Located, offset: number) {
    const before = text.text.slice(0, offset)
    const lines = before.split('\n')
    const line = text.line + lines.length - 1
    const column = lines.length === 1 ? text.column + offset : lines.at(-1)!.length + 1
    return { file: this.file.path, line, column }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return `a list of ${value.length}`
  if (typeof value === 'object') {
    const keys = Object.keys(value as object)
    return `an object with ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`
  }
  return typeof value === 'string' ? `the text '${value.slice(0, 40)}'` : String(value)
}
