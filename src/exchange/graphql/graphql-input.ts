import { readFile } from 'node:fs/promises'
import { localPath } from '../../config/paths.js'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { fileProblem } from '../../core/file-problem.js'
import type { DocumentSource } from '../../protocols/graphql/client/document-error.js'
import { readStdin } from '../read-data-option.js'

/**
 * The document: the argument (`-` for stdin), else -f FILE (`-f -`: stdin), else stdin when
 * it is not a terminal. Named for messages: `query`, the file, `stdin`.
 */
export async function readDocument(
  argument: string | undefined,
  file: string | undefined,
  ctx: Context,
): Promise<DocumentSource> {
  if (argument !== undefined && argument !== '-' && file !== undefined) {
    throw new UsageError('Give the document either as an argument or with -f FILE, not both.')
  }
  if (argument !== undefined && argument !== '-') return { text: argument, name: 'query' }
  if (file !== undefined && file !== '-') {
    try {
      return { text: await readFile(localPath(file, ctx), 'utf8'), name: file }
    } catch (error) {
      throw new UsageError(`Cannot read -f ${file}: ${fileProblem(error)}.`, {
        where: file,
        hint: 'Check the path (relative to the current directory); -f - reads the document from stdin.',
      })
    }
  }
  if (ctx.stdin.isTTY) {
    throw new UsageError('No GraphQL document given.', {
      hint: "Pass it as an argument (apictl gql '{ items { id name } }'), with -f FILE, or pipe it in.",
    })
  }
  return { text: await readStdin(ctx), name: 'stdin' }
}

/** --variables JSON | @file: a JSON object. */
export async function readVariablesOption(
  value: string | undefined,
  ctx: Context,
): Promise<Record<string, unknown> | undefined> {
  if (value === undefined) return undefined
  const file = value.startsWith('@') ? value.slice(1) : undefined
  let text = value
  if (file !== undefined) {
    try {
      text = await readFile(localPath(file, ctx), 'utf8')
    } catch (error) {
      throw new UsageError(`Cannot read --variables ${value}: ${fileProblem(error)}.`, {
        where: file,
        hint: 'Check the path (relative to the current directory), or give the JSON itself.',
      })
    }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new UsageError(
      `--variables ${file === undefined ? 'is' : `from ${file} is`} not valid JSON: ${(error as Error).message}.`,
      {
        where: file ?? '--variables',
        hint: `For example --variables '{"id": "1", "limit": 3}'`,
      },
    )
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError('--variables must be a JSON object.', {
      where: file ?? '--variables',
      hint: `For example --variables '{"id": "1", "limit": 3}'`,
    })
  }
  return parsed as Record<string, unknown>
}
