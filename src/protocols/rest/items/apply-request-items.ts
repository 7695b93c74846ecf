import { ApictlError, UsageError } from '../../../core/errors.js'
import { fileProblem } from '../../../core/file-problem.js'
import { checkHeaderValue } from './check-header.js'
import { insertNestedValue } from './insert-nested-value.js'
import { formatRequestItem, type RequestItem } from './request-item.js'

/** Reads a file named in an item (`field=@file`), as text. May throw; the error is reported with the item. */
export type ReadFile = (path: string) => string

export interface AppliedRequestItems {
  /** In item order; a name may repeat (each is sent). */
  headers: Array<[string, string]>
  /** Headers not to send, even when the profile would (`Name:`). */
  unsetHeaders: string[]
  /** In item order; a name may repeat. */
  query: Array<[string, string]>
  /** The JSON body the data items build; `undefined` when there are none. */
  body: unknown
}

function readText(readFile: ReadFile, file: string, item: RequestItem): string {
  try {
    return readFile(file)
  } catch (error) {
    if (error instanceof ApictlError) throw error
    const text = formatRequestItem(item)
    throw new UsageError(`Cannot read '${file}' for '${text}': ${fileProblem(error)}.`, {
      where: file,
      hint: 'Check the file name; a relative path is read from the current directory.',
      cause: error,
    })
  }
}

function parseJsonFile(content: string, file: string, item: RequestItem): unknown {
  try {
    return JSON.parse(content)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const text = formatRequestItem(item)
    throw new UsageError(`'${file}' (from '${text}') is not valid JSON: ${reason}.`, {
      where: file,
      hint: `Fix the file, or use ${text.replace(':=@', '=@')} to send its content as a string.`,
      cause: error,
    })
  }
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * Turns request items into the parts of a request: headers, headers to
 * drop, query parameters and a JSON body built with HTTPie's nested path
 * rules. As in HTTPie, `Name:` drops the values given before it, and a later
 * `Name:value` takes the header back. Files are read through `readFile`.
 */
export function applyRequestItems(items: readonly RequestItem[], readFile: ReadFile): AppliedRequestItems {
  let headers: Array<[string, string]> = []
  let unsetHeaders: string[] = []
  const query: Array<[string, string]> = []
  let body: unknown
  const addHeader = (name: string, value: string) => {
    unsetHeaders = unsetHeaders.filter((each) => !sameName(each, name))
    headers.push([name, value])
  }
  const setBody = (item: RequestItem, path: string, value: unknown) => {
    body = insertNestedValue(body, path, value, formatRequestItem(item))
  }
  for (const item of items) {
    switch (item.kind) {
      case 'header':
        addHeader(item.name, item.value)
        break
      case 'headerFile': {
        const value = readText(readFile, item.file, item).replace(/\n+$/, '')
        checkHeaderValue(value, formatRequestItem(item))
        addHeader(item.name, value.trim())
        break
      }
      case 'unsetHeader':
        headers = headers.filter(([name]) => !sameName(name, item.name))
        if (!unsetHeaders.some((each) => sameName(each, item.name))) unsetHeaders.push(item.name)
        break
      case 'query':
        query.push([item.name, item.value])
        break
      case 'queryFile':
        query.push([item.name, readText(readFile, item.file, item).replace(/\n+$/, '')])
        break
      case 'dataString':
        setBody(item, item.path, item.value)
        break
      case 'dataJson':
        // A copy: later items may add to it, and the item may be applied again (REPL, paging).
        setBody(item, item.path, structuredClone(item.value))
        break
      case 'dataStringFile':
        setBody(item, item.path, readText(readFile, item.file, item))
        break
      case 'dataJsonFile':
        setBody(item, item.path, parseJsonFile(readText(readFile, item.file, item), item.file, item))
        break
    }
  }
  return { headers, unsetHeaders, query, body }
}
