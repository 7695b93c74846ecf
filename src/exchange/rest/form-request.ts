import { statSync } from 'node:fs'
import { basename } from 'node:path'
import { localPath } from '../../config/paths.js'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import type { FormBody, FormFile } from '../../core/exchange.js'
import { newBoundary } from '../../protocols/rest/client/form-body.js'
import { guessMediaType } from '../../protocols/rest/client/guess-media-type.js'
import type { ReadFile } from '../../protocols/rest/items/apply-request-items.js'
import { formItems, isForm } from '../../protocols/rest/items/form-items.js'
import type { RequestItem } from '../../protocols/rest/items/request-item.js'

/**
 * The form the items make (-f, or a `field@file` upload), or undefined for
 * a JSON request: text fields, and files checked now (a regular file, its
 * size, its content type from `;type=` or its name) but read only when sent.
 */
export function formRequest(
  items: readonly RequestItem[],
  form: boolean,
  readFile: ReadFile,
  ctx: Pick<Context, 'env' | 'cwd'>,
): FormBody | undefined {
  if (!isForm(items, form)) return undefined
  const { fields, uploads } = formItems(items, readFile)
  const files = uploads.map((upload) => formFile(upload, ctx))
  if (files.length === 0) return { multipart: false, fields, files }
  return { multipart: true, boundary: newBoundary(), fields, files }
}

export function formFile(
  upload: { name: string; file: string; type?: string },
  ctx: Pick<Context, 'env' | 'cwd'>,
): FormFile {
  const path = localPath(upload.file, ctx)
  const item = `${upload.name}@${upload.file}`
  let size: number
  try {
    const stat = statSync(path)
    if (!stat.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'EISDIR' })
    size = stat.size
  } catch (error) {
    const code = (error as { code?: string }).code
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'not a regular file' : (code ?? String(error))
    throw new UsageError(`Cannot upload '${upload.file}' for '${item}': ${why}.`, {
      where: item,
      hint: 'Check the file name; a relative path is read from the current directory.',
    })
  }
  return {
    field: upload.name,
    path,
    filename: basename(upload.file),
    contentType: upload.type ?? guessMediaType(upload.file),
    size,
  }
}
