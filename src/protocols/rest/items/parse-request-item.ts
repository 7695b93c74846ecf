import { UsageError } from '../../../core/errors.js'
import { checkHeaderName, checkHeaderValue } from './check-header.js'
import { parseJsonPath } from './json-path.js'
import type { RequestItem } from './request-item.js'
import { type Separator, splitRequestItem } from './split-request-item.js'

const itemSyntax =
  'Request items: Name:value (header), Name: (drop a header), Name; (empty header), name==value (query), ' +
  'field=value (JSON string), field:=json (raw JSON), field=@file, field:=@file.json, field@file (upload).'

function header(name: string, value: string, arg: string): RequestItem {
  const trimmed = name.trim()
  checkHeaderName(trimmed, arg)
  if (value === '') return { kind: 'unsetHeader', name: trimmed }
  checkHeaderValue(value, arg)
  return { kind: 'header', name: trimmed, value: value.trim() }
}

function emptyHeader(name: string, value: string, arg: string): RequestItem {
  const trimmed = name.trim()
  checkHeaderName(trimmed, arg)
  if (value === '') return { kind: 'header', name: trimmed, value: '' }
  throw new UsageError(`Invalid item '${arg}': to send an empty header write ${trimmed}; alone.`, {
    where: arg,
    hint: `For a header with a value write ${trimmed}:value; escape a literal semicolon as \\;.`,
  })
}

function fileName(file: string, arg: string, separator: Separator): string {
  if (file !== '') return file
  throw new UsageError(`Invalid item '${arg}': no file name after ${separator}.`, {
    where: arg,
    hint: `Write ${arg}path/to/file; to send a value that starts with @, escape it: \\@.`,
  })
}

function parseJson(text: string, arg: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new UsageError(
      `'${arg}' is not valid JSON: ${reason}. Use field=value for strings or field:=json for raw JSON.`,
      {
        where: arg,
        hint: `For example price:=2.5, active:=true, tags:='["a","b"]', name:='"text"'.`,
        cause: error,
      },
    )
  }
}

function dataPath(key: string, arg: string): string {
  parseJsonPath(key, arg)
  return key
}

type Processor = (key: string, value: string, arg: string) => RequestItem

/** Separator → item, as HTTPie's RequestItems.from_args rules table. */
const processors: Record<Separator, Processor> = {
  ':': header,
  ';': emptyHeader,
  ':@': (key, value, arg) => {
    const name = key.trim()
    checkHeaderName(name, arg)
    return { kind: 'headerFile', name, file: fileName(value, arg, ':@') }
  },
  '==': (key, value) => ({ kind: 'query', name: key, value }),
  '==@': (key, value, arg) => ({ kind: 'queryFile', name: key, file: fileName(value, arg, '==@') }),
  '=': (key, value, arg) => ({ kind: 'dataString', path: dataPath(key, arg), value }),
  ':=': (key, value, arg) => ({ kind: 'dataJson', path: dataPath(key, arg), value: parseJson(value, arg) }),
  '=@': (key, value, arg) => ({
    kind: 'dataStringFile',
    path: dataPath(key, arg),
    file: fileName(value, arg, '=@'),
  }),
  ':=@': (key, value, arg) => ({
    kind: 'dataJsonFile',
    path: dataPath(key, arg),
    file: fileName(value, arg, ':=@'),
  }),
  '@': fileUpload,
}

/** `field@file` or `field@file;type=image/png` (HTTPie's form): the `;type=` suffix sets the part's content type. */
function fileUpload(key: string, value: string, arg: string): RequestItem {
  const typed = /^(.*);type=([^;]+)$/.exec(value)
  const file = fileName(typed ? typed[1]! : value, arg, '@')
  if (key === '') {
    throw new UsageError(`Invalid item '${arg}': a file upload needs a field name before @.`, {
      where: arg,
      hint: `Write field@${file}, e.g. photo@${file}.`,
    })
  }
  const item: RequestItem = { kind: 'fileUpload', name: key, file }
  if (typed) item.type = typed[2]!.trim()
  return item
}

function notAnItem(arg: string): UsageError {
  if (/^https?:\/\//i.test(arg)) {
    return new UsageError(`'${arg}' looks like a URL, not a request item.`, {
      where: arg,
      hint: `Give one URL (or path) before the items. ${itemSyntax}`,
    })
  }
  return new UsageError(`'${arg}' is not a valid request item.`, { where: arg, hint: itemSyntax })
}

/**
 * Reads one request item (an argument after the URL) the way HTTPie does:
 * the first separator wins, the longest where several start at one place,
 * and a backslash escapes `:`, `=`, `@` and `;`. Body field paths are checked
 * here (nested JSON syntax) and raw JSON is parsed here, so a bad item fails
 * before anything is read or sent. Throws a UsageError naming the item.
 */
export function parseRequestItem(arg: string): RequestItem {
  if (/^https?:\/\//i.test(arg)) throw notAnItem(arg)
  const split = splitRequestItem(arg)
  if (!split) throw notAnItem(arg)
  return processors[split.separator](split.key, split.value, arg)
}
