import { UsageError } from '../core/errors.js'
import type { Located, RequestBlock } from './http-file.js'
import type { VariableScope } from './variable-scope.js'

/** One request to run: its block, its place among the file's entries, and the named requests it waits for. */
export interface PlannedRequest {
  block: RequestBlock
  /** Index among the file's entries (variables before it apply). */
  index: number
  /** Names of the earlier requests whose answers it uses. */
  dependsOn: string[]
}

/** Every templated text of a block. */
function templatedTexts(block: RequestBlock): Located[] {
  const texts: Located[] = [
    ...block.items,
    ...block.parameters,
    ...block.headers.map((header) => header.value),
  ]
  if (block.url) texts.push(block.url)
  if (block.body?.kind === 'inline') texts.push(block.body.text)
  texts.push(...Object.values(block.directives))
  texts.push(...block.asserts.map((line) => ({ text: line.text, line: line.line, column: line.column })))
  return texts
}

/**
 * The requests of a file in order, each with the earlier named requests it
 * uses (through variables too); with `names` (--name), only those and what
 * they depend on (a name the file does not have selects nothing: see checkNames).
 */
export function planRequests(scope: VariableScope, names: readonly string[] = []): PlannedRequest[] {
  const planned: PlannedRequest[] = []
  const seen = new Set<string>()
  scope.file.entries.forEach((entry, index) => {
    if (entry.kind !== 'request') return
    const found = new Set<string>()
    for (const text of templatedTexts(entry.request)) scope.dependencies(text, index, found)
    planned.push({ block: entry.request, index, dependsOn: [...found].filter((name) => seen.has(name)) })
    if (entry.request.name) seen.add(entry.request.name)
  })
  if (names.length === 0) return planned
  const known = planned.flatMap((request) => (request.block.name ? [request.block.name] : []))
  const wanted = new Set<string>()
  const want = (name: string) => {
    if (wanted.has(name)) return
    wanted.add(name)
    for (const request of planned) if (request.block.name === name) request.dependsOn.forEach(want)
  }
  for (const name of names) if (known.includes(name)) want(name)
  return planned.filter((request) => request.block.name !== undefined && wanted.has(request.block.name))
}

/** --name NAME that no file has: a usage error listing the names there are. */
export function checkNames(names: readonly string[], known: readonly string[]): void {
  const missing = names.filter((name) => !known.includes(name))
  if (missing.length === 0) return
  throw new UsageError(`No request named ${missing.join(', ')}.`, {
    where: '--name',
    hint:
      known.length > 0
        ? `Named requests: ${known.join(', ')}.`
        : 'Name a request with a # @name NAME line above it.',
  })
}

/** The names of a file's requests (`# @name`). */
export function requestNames(scope: VariableScope): string[] {
  return scope.file.entries.flatMap((entry) =>
    entry.kind === 'request' && entry.request.name ? [entry.request.name] : [],
  )
}
