import type { FormBody } from '../core/exchange.js'
import { formatBytes } from './format-bytes.js'

/**
 * A multipart form as --dry-run shows it: the parts with their headers and
 * boundary as they will be sent, each file's bytes named rather than
 * printed (they are read from disk when the request goes).
 */
export function formatMultipartBody(form: FormBody): string {
  const boundary = `--${form.boundary}`
  const quoted = (text: string) => text.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
  const parts = [
    ...form.fields.map(
      ([name, value]) => `Content-Disposition: form-data; name="${quoted(name)}"\n\n${value}`,
    ),
    ...form.files.map(
      (file) =>
        `Content-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.filename)}"\n` +
        `Content-Type: ${file.contentType}\n\n<${formatBytes(file.size)} from ${file.path}>`,
    ),
  ]
  return `${parts.map((part) => `${boundary}\n${part}\n`).join('')}${boundary}--`
}
