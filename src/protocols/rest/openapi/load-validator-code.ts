import type { ValidateFunction } from 'ajv'
import * as equal from 'ajv/dist/runtime/equal.js'
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js'
import * as uri from 'ajv/dist/runtime/uri.js'
import * as validationError from 'ajv/dist/runtime/validation_error.js'
import * as formats from 'ajv-formats/dist/formats.js'

/** A CommonJS module's `exports.default`, whichever way the module system handed the module over. */
function defaultOf(namespace: object): unknown {
  const outer = (namespace as { default?: unknown }).default
  return typeof outer === 'object' && outer !== null && '__esModule' in outer
    ? (outer as unknown as { default: unknown }).default
    : outer
}

/**
 * What ajv's standalone code may `require`: its small runtime helpers and
 * ajv-formats' format checks. Nothing else is given to it, so a cached
 * module can reach no other module.
 */
const runtime: Record<string, unknown> = {
  'ajv/dist/runtime/ucs2length': { default: defaultOf(ucs2length) },
  'ajv/dist/runtime/equal': { default: defaultOf(equal) },
  'ajv/dist/runtime/uri': { default: defaultOf(uri) },
  'ajv/dist/runtime/validation_error': { default: defaultOf(validationError) },
  'ajv-formats/dist/formats': { fullFormats: formats.fullFormats, fastFormats: formats.fastFormats },
}

/**
 * The validators of a standalone module written by `ValidatorCompiler`
 * (CommonJS text, exports `v0`, `v1`, … in the order of `keys`), made with
 * `new Function` (the CLI bundle may not `import()`). Undefined when the
 * text does not run or does not export a function for every key: the
 * caller then compiles again.
 */
export function loadValidatorCode(
  code: string,
  keys: readonly string[],
): Map<string, ValidateFunction> | undefined {
  const module = { exports: {} as Record<string, unknown> }
  const require = (name: string) => {
    if (!Object.hasOwn(runtime, name)) throw new Error(`${name} is not available to validator code`)
    return runtime[name]
  }
  try {
    new Function('module', 'exports', 'require', code)(module, module.exports, require)
  } catch {
    return undefined
  }
  const validators = new Map<string, ValidateFunction>()
  for (const [position, key] of keys.entries()) {
    const validate = module.exports[`v${position}`]
    if (typeof validate !== 'function') return undefined
    validators.set(key, validate as ValidateFunction)
  }
  return validators
}
