import { localPath } from '../../config/paths.js'
import type { Context } from '../../core/context.js'
import { readText } from '../../protocols/rest/items/apply-request-items.js'
import { parseRequestItem } from '../../protocols/rest/items/parse-request-item.js'
import { assertReadableFile, checkDataFile } from '../read-data-option.js'
import { formFile } from './form-request.js'

/**
 * What a REST call's input says on its own, before any target is opened (so
 * a typo starts no built-in server and sends nothing): every item parses
 * (JSON values included), every file an item names can be read, and
 * `--data @file` exists. RestClient.prepare reads them all again as it
 * builds the request; this only fails early.
 */
export function checkRestInput(call: { items?: readonly string[]; data?: string }, ctx: Context): void {
  const readable = (file: string) => {
    assertReadableFile(localPath(file, ctx))
    return ''
  }
  for (const item of (call.items ?? []).map(parseRequestItem)) {
    if (item.kind === 'fileUpload') formFile(item, ctx)
    else if ('file' in item) readText(readable, item.file, item)
  }
  if (call.data?.startsWith('@')) checkDataFile(call.data.slice(1), ctx.cwd)
}
