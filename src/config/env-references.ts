import type { Context } from '../core/context.js'
import { ConfigError } from '../core/errors.js'

/** `${env:NAME}`: a reference to an environment variable, expanded at send time. */
const REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g
const ONLY_REFERENCES = /^(?:\$\{env:[A-Za-z_][A-Za-z0-9_]*\})+$/

export interface ExpansionScope {
  /** The profile the value comes from, for the error message. */
  profile?: string
  /** The field path of `value` inside the profile (`auth.token`). */
  field?: string
}

export function hasEnvReference(value: string): boolean {
  return value.search(REFERENCE) !== -1
}

export function startsWithEnvReference(value: string): boolean {
  return /^\$\{env:[A-Za-z_][A-Za-z0-9_]*\}/.test(value)
}

/** True when the whole value is one or more references (so it holds no secret itself). */
export function isOnlyEnvReferences(value: string): boolean {
  return ONLY_REFERENCES.test(value)
}

/** `value` with each reference replaced by `replacement`, to check the syntax around references. */
export function withReferencesReplaced(value: string, replacement: string): string {
  return value.replace(REFERENCE, replacement)
}

/**
 * A copy of `value` (a string, or objects and arrays of them, such as a
 * profile) with every `${env:NAME}` replaced by the variable's value. A
 * variable that is not set is a ConfigError naming it and the field.
 */
export function expandEnvReferences<T>(value: T, env: Context['env'], scope: ExpansionScope = {}): T {
  if (typeof value === 'string') return expandString(value, env, scope) as T
  if (Array.isArray(value)) {
    return value.map((item, index) => expandEnvReferences(item, env, child(scope, String(index)))) as T
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => [
      key,
      expandEnvReferences(item, env, child(scope, key)),
    ])
    return Object.fromEntries(entries) as T
  }
  return value
}

function child(scope: ExpansionScope, key: string): ExpansionScope {
  return { ...scope, field: scope.field === undefined ? key : `${scope.field}.${key}` }
}

function expandString(value: string, env: Context['env'], scope: ExpansionScope): string {
  return value.replace(REFERENCE, (_reference, name: string) => {
    const replacement = env[name]
    if (replacement !== undefined) return replacement
    const field = scope.field === undefined ? 'a value' : `field "${scope.field}"`
    const owner = scope.profile === undefined ? '' : ` of profile "${scope.profile}"`
    throw new ConfigError(
      `Environment variable ${name} is not set, but ${field}${owner} refers to it as \${env:${name}}.`,
      {
        where:
          scope.profile === undefined
            ? scope.field
            : `profile ${scope.profile}${scope.field ? ` (${scope.field})` : ''}`,
        hint: `Set ${name} or edit the profile${scope.profile === undefined ? '' : ` (apictl profile add ${scope.profile} ...)`}.`,
      },
    )
  })
}
