import { readFile } from 'node:fs/promises'
import {
  buildASTSchema,
  buildClientSchema,
  GraphQLError,
  type GraphQLSchema,
  type IntrospectionQuery,
  introspectionFromSchema,
  parse,
  Source,
  validateSchema,
} from 'graphql'
import { validateSDL } from 'graphql/validation/validate.js'
import type { Context } from '../../../core/context.js'
import { UsageError } from '../../../core/errors.js'
import { GraphQLDocumentError } from './document-error.js'
import { toProblems } from './parse-document.js'
import { readCachedSchema, writeCachedSchema } from './schema-cache.js'

export interface LoadedSchema {
  schema: GraphQLSchema
  /** The introspection result (`gql schema -o json`). */
  introspection: IntrospectionQuery
  origin: 'file' | 'cache' | 'introspection'
  /** For messages: `--schema api.graphql`, `the schema of URL cached at TIME`. */
  description: string
  /** What to try when a document does not validate against it. */
  hint: string
  /** Problems graphql-js's own checks found in the schema, which was loaded all the same (for the caller to show). */
  warnings: string[]
}

export interface SchemaRequest {
  endpoint: string
  /** --schema FILE: SDL (.graphql, .gql) or an introspection result (.json). */
  schemaFile?: string
  /** --refresh: fetch even when cached. */
  refresh?: boolean
  /** False for an endpoint whose address changes every run (the embedded server): always introspect, never cache. */
  cache?: boolean
  /** False when nothing may be sent (--dry-run, --curl): only a file or the cache can answer. */
  mayFetch: boolean
  fetch(): Promise<IntrospectionQuery>
  env: Context['env']
}

/**
 * The schema to validate against: --schema FILE, else the endpoint's cached
 * introspection, else (when sending is allowed) a fresh introspection, which
 * is then cached. Undefined when none is available without sending.
 */
export async function loadSchema(request: SchemaRequest): Promise<LoadedSchema | undefined> {
  if (request.schemaFile !== undefined) return schemaFromFile(request.schemaFile)
  const cache = request.cache !== false
  if (cache && !request.refresh) {
    const cached = await readCachedSchema(request.env, request.endpoint)
    const schema = cached && tryBuildClientSchema(cached.introspection)
    if (cached && schema) {
      return {
        schema,
        introspection: cached.introspection,
        origin: 'cache',
        description: `the schema of ${request.endpoint} cached at ${cached.fetchedAt}`,
        hint: `Checked against the schema cached at ${cached.fetchedAt}; if the server changed since: apictl gql schema --refresh`,
        warnings: [],
      }
    }
  }
  if (!request.mayFetch) return undefined
  const introspection = await request.fetch()
  const schema = tryBuildClientSchema(introspection)
  if (schema === undefined) {
    throw new UsageError(
      `The introspection result of ${request.endpoint} does not describe a valid schema.`,
      {
        hint: 'Validate against a local copy with --schema FILE.graphql, or send without validating: --no-validate.',
      },
    )
  }
  if (cache) await writeCachedSchema(request.env, request.endpoint, introspection)
  return {
    schema,
    introspection,
    origin: 'introspection',
    description: `the schema of ${request.endpoint}`,
    hint: 'See the schema with apictl gql schema.',
    warnings: [],
  }
}

function tryBuildClientSchema(introspection: IntrospectionQuery): GraphQLSchema | undefined {
  try {
    return buildClientSchema(introspection)
  } catch {
    return undefined
  }
}

async function schemaFromFile(file: string): Promise<LoadedSchema> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new UsageError(
      `Cannot read --schema ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
      {
        where: file,
        hint: 'Give an SDL file (e.g. schema.graphql), or an introspection result (.json).',
      },
    )
  }
  const description = `--schema ${file}`
  const hint = `Checked against --schema ${file}.`
  if (file.endsWith('.json')) {
    const introspection = introspectionIn(text)
    const schema = introspection && tryBuildClientSchema(introspection)
    if (!introspection || !schema) {
      throw new UsageError(`--schema ${file} is not an introspection result.`, {
        where: file,
        hint: 'Expected {"data": {"__schema": …}} or {"__schema": …}, as `apictl gql schema -o json` prints.',
      })
    }
    return { schema, introspection, origin: 'file', description, hint, warnings: [] }
  }
  try {
    const { schema, problems } = buildPublishedSchema(new Source(text, file))
    const warnings = problems.length === 0 ? [] : [schemaWarning(file, problems)]
    return {
      schema,
      introspection: introspectionFromSchema(schema),
      origin: 'file',
      description,
      hint,
      warnings,
    }
  } catch (error) {
    if (error instanceof GraphQLError && error.locations !== undefined) {
      throw new GraphQLDocumentError(
        toProblems([error]),
        { text, name: file },
        'Fix the schema file at the caret.',
      )
    }
    throw new UsageError(`--schema ${file} is not a valid schema: ${(error as Error).message}`, {
      where: file,
    })
  }
}

/**
 * An SDL schema as published: real schemas sometimes fail graphql-js's own
 * checks (GitHub's has a field defined twice), so they are built with those
 * checks off and their findings returned, and validation goes on. Syntax
 * errors and unknown types still throw.
 */
function buildPublishedSchema(source: Source): { schema: GraphQLSchema; problems: string[] } {
  const document = parse(source)
  const problems = validateSDL(document).map(located)
  let schema = buildASTSchema(document, { assumeValidSDL: true })
  const invalid = validateSchema(schema)
  if (invalid.length > 0) {
    problems.push(...invalid.map(located))
    schema = buildASTSchema(document, { assumeValidSDL: true, assumeValid: true })
  }
  return { schema, problems }
}

function located(error: GraphQLError): string {
  const lines = [...new Set((error.locations ?? []).map((location) => location.line))]
  if (lines.length === 0) return error.message
  return `${error.message} (${lines.length === 1 ? 'line' : 'lines'} ${lines.join(' and ')})`
}

function schemaWarning(file: string, problems: string[]): string {
  const shown = problems.slice(0, 5).map((problem) => `\n  - ${problem}`)
  const more = problems.length > 5 ? `\n  … and ${problems.length - 5} more` : ''
  return `--schema ${file} fails graphql-js's schema checks; loaded as published, validation goes on:${shown.join('')}${more}`
}

function introspectionIn(text: string): IntrospectionQuery | undefined {
  try {
    const value = JSON.parse(text) as { data?: IntrospectionQuery; __schema?: unknown }
    if (value.data && typeof value.data.__schema === 'object') return value.data
    if (typeof value.__schema === 'object') return value as IntrospectionQuery
  } catch {
    // Not JSON: reported by the caller.
  }
  return undefined
}
