import type { Context } from '../../core/context.js'
import { ApictlError, UsageError } from '../../core/errors.js'
import { type HttpRequest, headerValue, isJsonType } from '../../core/exchange.js'
import { ExitCode } from '../../core/exit-codes.js'
import type { RestResult } from '../../protocols/rest/client/decode-rest-response.js'
import type { RequestItem } from '../../protocols/rest/items/request-item.js'
import { matchOperation, type OperationMatch } from '../../protocols/rest/openapi/match-operation.js'
import type { OpenApiIndex } from '../../protocols/rest/openapi/openapi-index.js'
import {
  type ContractProblem,
  missingParameters,
  needsValidator,
} from '../../protocols/rest/openapi/parameter-values.js'
import { typeRequestItems } from '../../protocols/rest/openapi/type-request-items.js'
import type { ContractValidator } from '../../protocols/rest/openapi/validate-request.js'

/** What a REST call does with an OpenAPI document: typed items, checks before sending, lint, response checks. */
export interface RestContract {
  /** `field=value` items typed by the operation's body schema. */
  typeItems(items: readonly RequestItem[], method: string, url: URL): RequestItem[]
  /** Whether the document declares this path (for any method): such paths are never linted. */
  declares(url: URL): boolean
  /** Throws a usage error (exit 2) naming each broken rule; nothing is sent. */
  check(request: HttpRequest): Promise<void>
  /** Problems of the answer against the declared response (for --check-response). */
  checkResponse(request: HttpRequest, result: RestResult): Promise<ContractProblem[]>
}

export interface RestContractOptions {
  index: OpenApiIndex
  source: string
  /** The document's cache entry, with the environment (the cache dir): compiled validators are kept beside it. */
  entry?: { key: string; version: string } | undefined
  env?: Context['env'] | undefined
  /** False with --no-validate: items are still typed, nothing is checked before sending. */
  validate: boolean
}

const shown = 6

export function createRestContract(options: RestContractOptions): RestContract {
  const { index, source } = options
  let validator: Promise<ContractValidator> | undefined
  const getValidator = () => {
    validator ??= import('../../protocols/rest/openapi/validate-request.js').then(
      ({ ContractValidator }) =>
        new ContractValidator(
          index,
          options.entry === undefined || options.env === undefined
            ? undefined
            : { env: options.env, ...options.entry },
        ),
    )
    return validator
  }
  const matches = new Map<string, OperationMatch>()
  const match = (method: string, url: URL) => {
    const key = `${method.toUpperCase()} ${url.pathname}`
    let found = matches.get(key)
    if (found === undefined) {
      found = matchOperation(index, method, url.pathname)
      matches.set(key, found)
    }
    return found
  }
  return {
    typeItems(items, method, url) {
      const found = match(method, url)
      if (found.kind !== 'found') return [...items]
      return typeRequestItems(items, index, found.operation.body?.schema)
    },
    declares(url) {
      return match('GET', url).kind !== 'no-path'
    },
    async check(request) {
      if (!options.validate) return
      const url = new URL(request.url)
      const found = match(request.method, url)
      if (found.kind === 'no-path') {
        const near = found.suggestions.length > 0 ? ` Did you mean ${found.suggestions.join(', ')}?` : ''
        throw new UsageError(`${url.pathname} is not a path the OpenAPI document declares.${near}`, {
          where: source,
          hint: 'Check the path (apictl rest ops lists them), or send it anyway with --no-validate.',
        })
      }
      if (found.kind === 'no-method') {
        throw new UsageError(
          `${request.method} is not an operation of ${found.template}; the document declares ${found.methods.join(', ')}.`,
          {
            where: `${source}#/paths/${found.template.replace(/~/g, '~0').replace(/\//g, '~1')}`,
            hint: 'Use one of those methods, or send it anyway with --no-validate.',
          },
        )
      }
      const contentType = headerValue(request.headers, 'content-type')
      const jsonBody = contentType === undefined || isJsonType(contentType)
      let body: unknown
      if (request.body !== undefined) {
        if (!jsonBody) body = request.body
        else {
          try {
            body = JSON.parse(request.body.toString())
          } catch {
            body = request.body.toString()
          }
        }
      }
      const headers: Array<[string, string]> = []
      for (const [name, value] of Object.entries(request.headers)) {
        for (const each of Array.isArray(value) ? value : [value]) headers.push([name, each])
      }
      const parts = {
        pathParams: found.pathParams,
        query: [...url.searchParams.entries()],
        headers,
        body,
        jsonBody,
      }
      // Presence is checked here; values against their schemas only when one says more than "a string".
      const problems = needsValidator(found.operation, parts)
        ? await (await getValidator()).checkRequest(found.operation, parts)
        : missingParameters(found.operation, parts)
      if (problems.length === 0) return
      throw new ContractError(found.operation.method, found.template, problems, source)
    },
    async checkResponse(request, result) {
      const found = match(request.method, new URL(request.url))
      if (found.kind !== 'found') return []
      const body = result.body.kind === 'json' ? result.body.value : undefined
      return (await getValidator()).checkResponse(found.operation, result.status, body)
    },
  }
}

/** One line per problem: `field: message (rule; #/pointer)` and its hint. */
export function formatProblems(problems: readonly ContractProblem[]): string {
  const lines = problems.slice(0, shown).map((each) => {
    const hint = each.hint === undefined ? '' : ` ${each.hint}`
    return `  ${each.field}: ${each.message} (rule ${each.rule}; ${each.pointer})${hint}`
  })
  if (problems.length > shown) lines.push(`  … and ${problems.length - shown} more`)
  return lines.join('\n')
}

/** The request breaks the document's rules: exit 2, nothing sent. */
export class ContractError extends ApictlError {
  constructor(method: string, template: string, problems: readonly ContractProblem[], source: string) {
    const count = problems.length === 1 ? 'a rule' : `${problems.length} rules`
    super(
      `The request breaks ${count} of the OpenAPI document for ${method} ${template}; nothing was sent:\n${formatProblems(problems)}`,
      ExitCode.Usage,
      {
        where: source,
        hint: 'Fix the fields named above, or send the request as it is with --no-validate.',
      },
    )
  }
}

/** Response problems: warnings on stderr, or (with --strict) exit 6. */
export function reportResponseProblems(
  problems: readonly ContractProblem[],
  strict: boolean,
  ctx: Context,
): number {
  if (problems.length === 0) return 0
  const text = `the response does not match the OpenAPI document:\n${formatProblems(problems)}`
  if (strict) {
    ctx.stderr.write(`error: ${text}\n`)
    return ExitCode.BadResponse
  }
  ctx.stderr.write(`warning: ${text}\n`)
  return 0
}
