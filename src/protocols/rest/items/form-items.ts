import { UsageError } from '../../../core/errors.js'
import { type ReadFile, readText } from './apply-request-items.js'
import { formatRequestItem, type RequestItem } from './request-item.js'

/** The items a form takes: its text fields and its file uploads (not yet read). */
export interface FormItems {
  fields: Array<[string, string]>
  uploads: Array<{ name: string; file: string; type?: string }>
}

/** Whether the items make the request a form: -f given, or a `field@file` upload among them. */
export function isForm(items: readonly RequestItem[], form: boolean): boolean {
  return form || items.some((item) => item.kind === 'fileUpload')
}

/** The items that go to the body in a form (the others are headers and query parameters, as always). */
export function isFormItem(item: RequestItem): boolean {
  return item.kind.startsWith('data') || item.kind === 'fileUpload'
}

/**
 * The fields and files of a form (-f, or a `field@file` upload): `field=value`
 * and `field=@file` are text fields, names kept as typed (HTTPie's forms do
 * not nest); raw JSON (`field:=…`) has no place in a form and is a usage error.
 */
export function formItems(items: readonly RequestItem[], readFile: ReadFile): FormItems {
  const form: FormItems = { fields: [], uploads: [] }
  for (const item of items) {
    switch (item.kind) {
      case 'dataString':
        form.fields.push([item.path, item.value])
        break
      case 'dataStringFile':
        form.fields.push([item.path, readText(readFile, item.file, item)])
        break
      case 'dataJson':
      case 'dataJsonFile':
        throw new UsageError(`'${formatRequestItem(item)}' is raw JSON, which a form cannot carry.`, {
          where: formatRequestItem(item),
          hint: 'In a form (-f, or with a field@file upload) give text fields as field=value; drop -f to send JSON.',
        })
      case 'fileUpload':
        form.uploads.push({
          name: item.name,
          file: item.file,
          ...(item.type === undefined ? {} : { type: item.type }),
        })
        break
      default:
        break
    }
  }
  return form
}
