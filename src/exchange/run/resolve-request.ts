import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileProblem } from '../../core/file-problem.js'
import { basicAuthorization } from '../../runfile/basic-auth.js'
import type { Located, RequestBlock } from '../../runfile/http-file.js'
import { RunFileError } from '../../runfile/run-file-error.js'
import type { ResolveMode, VariableScope } from '../../runfile/variable-scope.js'

/** A request block with its templates replaced and its body read: what the engine is given. */
export interface ResolvedRequest {
  block: RequestBlock
  url?: string
  items: string[]
  headers: Array<[string, string]>
  parameters: string[]
  body?: string
  /** Where the body starts in the file (GraphQL positions are mapped from it). */
  bodyAt?: Located
  /** Directives (`# @wss`, `# @soap`…), resolved. */
  directives: Record<string, string>
}

/**
 * Replaces the templates of a request as the entry at `index` sees them
 * (`check`: captured values not there yet are placeholders) and reads a
 * `< ./file` body, relative to the request file.
 */
export async function resolveRequest(
  block: RequestBlock,
  index: number,
  scope: VariableScope,
  mode: ResolveMode,
): Promise<ResolvedRequest> {
  const value = (text: Located) => scope.resolve(text, index, mode)
  const directives: Record<string, string> = {}
  for (const [key, text] of Object.entries(block.directives)) directives[key] = value(text)
  const headers: Array<[string, string]> = block.headers.map((header) => [
    header.name,
    basicAuthorization(header.name, value(header.value)),
  ])
  const resolved: ResolvedRequest = {
    block,
    url: block.url && requestUrl(value(block.url), headers, scope, index, mode),
    items: block.items.map(value),
    headers: block.headers.map((header) => [
      header.name,
      basicAuthorization(header.name, value(header.value)),
    ]),
    parameters: block.parameters.map(value),
    directives,
  }
  const body = block.body
  if (body?.kind === 'inline') {
    resolved.body = await withIncludedFiles(value(body.text), body.text.line, scope.file.path)
    resolved.bodyAt = body.text
  } else if (body?.kind === 'file') {
    const path = resolve(dirname(scope.file.path), body.path)
    const text = await readBodyFile(path, scope.file.path, body.line)
    const located = { text, line: body.line, column: 1 }
    resolved.body = body.templated ? value(located) : text
  }
  return resolved
}

async function readBodyFile(path: string, file: string, line: number): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    throw new RunFileError(`Cannot read the body file ${path} (${fileProblem(error)}).`, {
      file,
      line,
      column: 1,
    })
  }
}

/** `< ./input.txt` lines inside a body (a multipart part, as the JetBrains client writes it): the file's text. */
async function withIncludedFiles(body: string, firstLine: number, file: string): Promise<string> {
  if (!/^<\s+\S/m.test(body)) return body
  const lines = body.split('\n')
  for (const [offset, line] of lines.entries()) {
    const included = /^<\s+(.+)$/.exec(line)
    if (included) {
      const path = resolve(dirname(file), included[1]!.trim())
      lines[offset] = (await readBodyFile(path, file, firstLine + offset)).replace(/\r?\n$/, '')
    }
  }
  return lines.join('\n')
}

/**
 * Where a request goes, as the JetBrains client and httpYac read its URL: a
 * path with a `Host` header goes to that host; a path with a `{{host}}`
 * variable (httpYac's convention) goes under it; any other path is against
 * the profile's REST base; `example.com/x` without a scheme is http.
 */
function requestUrl(
  url: string,
  headers: Array<[string, string]>,
  scope: VariableScope,
  index: number,
  mode: ResolveMode,
): string {
  if (url.startsWith('/')) {
    const host = headers.find(([name]) => name.toLowerCase() === 'host')?.[1]
    if (host !== undefined)
      return `${/^https?:\/\//i.test(host) ? host.replace(/\/+$/, '') : `http://${host}`}${url}`
    if (scope.defines('host', index)) {
      const base = scope.resolve({ text: '{{host}}', line: 0, column: 0 }, index, mode).replace(/\/+$/, '')
      return `${/^https?:\/\//i.test(base) ? base : `http://${base}`}${url}`
    }
    return url
  }
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url) || url.startsWith(':') || url === '*') return url
  return `http://${url}`
}
