import { accessSync, constants, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Context } from '../core/context.js'
import { UsageError } from '../core/errors.js'
import { fileProblem } from '../core/file-problem.js'
import { readStdinBytes } from './read-stdin.js'

/**
 * --data JSON | @file | - (stdin): the body text, checked to be JSON unless
 * `json` is false (the user set a Content-Type that is not JSON: sent as is).
 */
export async function readDataOption(
  data: string,
  ctx: Context,
  options: { json: boolean } = { json: true },
): Promise<string> {
  const source = data === '-' ? 'stdin' : data.startsWith('@') ? data.slice(1) : undefined
  const text =
    source === undefined
      ? data
      : source === 'stdin'
        ? await readStdin(ctx)
        : await readFileText(source, ctx.cwd)
  if (options.json) checkJsonBody(text, source)
  return text
}

/** A body that must be JSON (no Content-Type says otherwise): a usage error naming where it came from. */
export function checkJsonBody(text: string, source: string | undefined): void {
  try {
    JSON.parse(text)
  } catch (error) {
    throw new UsageError(
      `${source === 'piped stdin' ? 'The body piped on stdin is' : `--data ${source === undefined ? 'is' : `from ${source} is`}`} not valid JSON: ${(error as Error).message}.`,
      {
        where: source === undefined ? '--data' : source,
        hint: `Check the JSON, e.g. --data '{"name": "Pen", "price": 2.5}', or use items: name=Pen price:=2.5; for another format set its Content-Type (-H 'Content-Type: application/xml')${source === 'piped stdin' ? '; --ignore-stdin sends no body' : ''}.`,
      },
    )
  }
}

/** Relative to the command's current directory (ctx.cwd: the process's, for the CLI). */
async function readFileText(file: string, cwd: string): Promise<string> {
  try {
    return await readFile(resolve(cwd, file), 'utf8')
  } catch (error) {
    throw dataFileProblem(file, error)
  }
}

/** That `--data @file` names a file that can be read (before anything starts); its text is read later. */
export function checkDataFile(file: string, cwd: string): void {
  try {
    assertReadableFile(resolve(cwd, file))
  } catch (error) {
    throw dataFileProblem(file, error)
  }
}

/** Throws the file system's error (ENOENT, EACCES; EISDIR for a directory) unless `path` is a file this process can read. */
export function assertReadableFile(path: string): void {
  accessSync(path, constants.R_OK)
  if (statSync(path).isDirectory())
    throw Object.assign(new Error(`${path} is a directory`), { code: 'EISDIR' })
}

function dataFileProblem(file: string, error: unknown): UsageError {
  return new UsageError(`Cannot read --data file ${file}: ${fileProblem(error)}.`, {
    where: file,
    hint: 'Check the path (relative to the current directory).',
  })
}

/** The body piped into stdin (`--data -`; also a GraphQL document). */
export async function readStdin(ctx: Context): Promise<string> {
  const bytes = await readStdinBytes(ctx, {
    message: '--data - reads the body from stdin, but stdin is a terminal.',
    hint: 'Pipe the body in: echo \'{"name":"Pen"}\' | apictl rest post /v1/items --data -',
  })
  return bytes.toString('utf8')
}
