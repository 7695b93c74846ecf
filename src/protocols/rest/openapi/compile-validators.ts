import { Ajv, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import standaloneCodeModule from 'ajv/dist/standalone/index.js'
import addFormatsModule from 'ajv-formats'
import { type JsonSchema, type OpenApiIndex, schemaRoot } from './openapi-index.js'

// ajv-formats and ajv's standalone module are CommonJS: their default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => void
const standaloneCode = ((standaloneCodeModule as unknown as { default?: unknown }).default ??
  standaloneCodeModule) as unknown as (ajv: Ajv, refs: Record<string, string>) => string

/** One schema to compile, under the name its validator is looked up by (`body:#/paths/…`). */
export interface SchemaToCompile {
  key: string
  schema: JsonSchema
}

export interface CompiledValidators {
  validators: Map<string, ValidateFunction>
  /** ajv's standalone code for them (CommonJS, one export per schema, `v0`, `v1`, … in order); with `code` only. */
  code?: string
}

/**
 * ajv for one index (and document version), with the document's named
 * schemas added once. This module is loaded only when no cached code holds
 * the validators a request needs: ajv's import and the compilation are most
 * of what validating costs (docs/decisions.md).
 */
export class ValidatorCompiler {
  private readonly ajv: Ajv
  private sets = 0

  constructor(index: OpenApiIndex) {
    const options = {
      strict: false,
      allErrors: true,
      validateFormats: true,
      logger: false as const,
      code: { source: true },
    }
    this.ajv = index.version.startsWith('3.1') ? new Ajv2020(options) : new Ajv(options)
    addFormats(this.ajv)
    this.ajv.addSchema({ $id: schemaRoot, ...index.schemas } as never)
  }

  /** Validators for the schemas; with `code`, also the standalone module that makes them again without ajv. */
  compile(schemas: readonly SchemaToCompile[], code: boolean): CompiledValidators {
    const set = this.sets++
    const validators = new Map<string, ValidateFunction>()
    const exports: Record<string, string> = {}
    schemas.forEach(({ key, schema }, position) => {
      const id = `apictl:set${set}:v${position}`
      this.ajv.addSchema(schema as object, id)
      validators.set(key, this.ajv.getSchema(id)!)
      exports[`v${position}`] = id
    })
    if (!code) return { validators }
    return { validators, code: standaloneCode(this.ajv, exports) }
  }
}
