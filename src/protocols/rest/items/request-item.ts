/**
 * One request item as typed after the URL (`Name:value`, `name==value`,
 * `field=value`, ...), the syntax HTTPie users know. A tagged union, so the
 * code that applies items is one exhaustive switch.
 *
 * `path` is the body field path in HTTPie's nested JSON syntax (`a[b][0][]`),
 * kept as written: backslash escapes for `[`, `]` and `\` are still in it and
 * are read by `parseJsonPath`.
 */
export type RequestItem =
  /** `Name:value`, or `Name;` for an empty value. */
  | { kind: 'header'; name: string; value: string }
  /** `Name:@file`: the value is the file's text, without its trailing newlines. */
  | { kind: 'headerFile'; name: string; file: string }
  /** `Name:`: do not send this header, even if the profile would. */
  | { kind: 'unsetHeader'; name: string }
  /** `name==value` */
  | { kind: 'query'; name: string; value: string }
  /** `name==@file`: the value is the file's text, without its trailing newlines. */
  | { kind: 'queryFile'; name: string; file: string }
  /** `field=value`: a JSON string. */
  | { kind: 'dataString'; path: string; value: string }
  /** `field:=json`: a raw JSON value, already parsed. */
  | { kind: 'dataJson'; path: string; value: unknown }
  /** `field=@file`: the file's text, as is, as a JSON string. */
  | { kind: 'dataStringFile'; path: string; file: string }
  /** `field:=@file.json`: the JSON value the file holds. */
  | { kind: 'dataJsonFile'; path: string; file: string }
  /** `field@file` (`;type=MIME` to set its content type): a file upload, sent as multipart/form-data. */
  | { kind: 'fileUpload'; name: string; file: string; type?: string }

export type RequestItemKind = RequestItem['kind']

const escapeKey = (key: string): string => key.replace(/[:=@;]/g, '\\$&')
/** A value starting with `=` or `@` would merge with the separator before it. */
const escapeValue = (value: string): string => value.replace(/^[=@]/, '\\$&')

/** The item written back in the command-line syntax (for messages, history and --curl). */
export function formatRequestItem(item: RequestItem): string {
  switch (item.kind) {
    case 'header':
      return item.value === ''
        ? `${escapeKey(item.name)};`
        : `${escapeKey(item.name)}:${escapeValue(item.value)}`
    case 'headerFile':
      return `${escapeKey(item.name)}:@${item.file}`
    case 'unsetHeader':
      return `${escapeKey(item.name)}:`
    case 'query':
      return `${escapeKey(item.name)}==${escapeValue(item.value)}`
    case 'queryFile':
      return `${escapeKey(item.name)}==@${item.file}`
    case 'dataString':
      return `${escapeKey(item.path)}=${escapeValue(item.value)}`
    case 'dataJson':
      return `${escapeKey(item.path)}:=${JSON.stringify(item.value)}`
    case 'dataStringFile':
      return `${escapeKey(item.path)}=@${item.file}`
    case 'dataJsonFile':
      return `${escapeKey(item.path)}:=@${item.file}`
    case 'fileUpload':
      return `${escapeKey(item.name)}@${item.file}${item.type === undefined ? '' : `;type=${item.type}`}`
  }
}
