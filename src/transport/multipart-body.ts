import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { FormDataEncoder } from 'form-data-encoder'
import type { FormBody, FormFile } from '../core/exchange.js'

/**
 * A file part for form-data-encoder (got's own multipart encoder): read from
 * disk as the body is sent, never held whole, and no longer than it was
 * when the request was built (the Content-Length was counted from that).
 */
class DiskFile {
  readonly [Symbol.toStringTag] = 'File'
  readonly name: string
  readonly type: string
  readonly size: number
  readonly lastModified = 0
  readonly #path: string

  constructor(file: FormFile) {
    this.name = file.filename
    this.type = file.contentType
    this.size = file.size
    this.#path = file.path
  }

  stream(): AsyncIterable<Uint8Array> {
    if (this.size === 0) return Readable.from([])
    return createReadStream(this.#path, { start: 0, end: this.size - 1, highWaterMark: 256 * 1024 })
  }
}

/** The form's parts in the shape form-data-encoder reads (a FormData-like list). */
class FormParts {
  readonly [Symbol.toStringTag] = 'FormData'
  readonly #parts: Array<[string, string | DiskFile]>

  constructor(parts: Array<[string, string | DiskFile]>) {
    this.#parts = parts
  }

  append(): void {
    throw new Error('internal: FormParts is read-only')
  }

  getAll(name: string): Array<string | DiskFile> {
    return this.#parts.filter(([each]) => each === name).map(([, value]) => value)
  }

  entries(): IterableIterator<[string, string | DiskFile]> {
    return this.#parts[Symbol.iterator]()
  }

  [Symbol.iterator](): IterableIterator<[string, string | DiskFile]> {
    return this.entries()
  }
}

/**
 * A multipart form as a stream of bytes with its exact length: the text
 * fields, then each file streamed from disk, framed with the form's own
 * boundary (the one the Content-Type header already names).
 */
export function multipartBody(form: FormBody): { body: Readable; length: number } {
  const parts: Array<[string, string | DiskFile]> = [
    ...form.fields,
    ...form.files.map((file): [string, DiskFile] => [file.field, new DiskFile(file)]),
  ]
  const encoder = new FormDataEncoder(new FormParts(parts), form.boundary ?? '')
  return { body: Readable.from(encoder.encode()), length: Number(encoder.contentLength) }
}
