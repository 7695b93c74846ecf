import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileProblem } from '../../core/file-problem.js'
import { isProbablyBinary } from '../../core/is-probably-binary.js'
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
  body?: string | Buffer
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
    const bytes = await readBodyFile(path, scope.file.path, body.line)
    // Bytes as they are (an image); text when it is text (a GraphQL document, an envelope, JSON).
    const text = isProbablyBinary(bytes, undefined) ? undefined : bytes.toString('utf8')
    resolved.body =
      text === undefined ? bytes : body.templated ? value({ text, line: body.line, column: 1 }) : text
  }
  return resolved
}

async function readBodyFile(path: string, file: string, line: number): Promise<Buffer> {
  try {
    return await readFile(path)
  } catch (error) {
    throw new RunFileError(`Cannot read the body file ${path} (${fileProblem(error)}).`, {
      file,
      line,
      column: 1,
    })
  }
}

/**
 * `< ./input.txt` lines inside a body (a multipart part, as the JetBrains
 * client writes it): the file's text (its last line break dropped), or its
 * bytes as they are; with a binary file the body is bytes.
 */
async function withIncludedFiles(body: string, firstLine: number, file: string): Promise<string | Buffer> {
  if (!/^<\s+\S/m.test(body)) return body
  const parts: Array<string | Buffer> = []
  for (const [offset, line] of body.split('\n').entries()) {
    const included = /^<\s+(.+)$/.exec(line)
    if (included === null) {
      parts.push(line)
      continue
    }
    const bytes = await readBodyFile(resolve(dirname(file), included[1]!.trim()), file, firstLine + offset)
    parts.push(isProbablyBinary(bytes, undefined) ? bytes : bytes.toString('utf8').replace(/\r?\n$/, ''))
  }
  if (parts.every((part) => typeof part === 'string')) return parts.join('\n')
  return Buffer.concat(
    parts.flatMap((part, index) => [...(index > 0 ? [Buffer.from('\n')] : []), Buffer.from(part)]),
  )
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
