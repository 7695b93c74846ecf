// formidable (a well-known multipart parser, here through the soap dev dependency) ships no types:
// the little the upload server uses.
declare module 'formidable' {
  import type { IncomingMessage } from 'node:http'

  interface File {
    filepath: string
    originalFilename: string | null
    mimetype: string | null
    size: number
    hash?: string | null
  }
  interface Options {
    uploadDir?: string
    hashAlgorithm?: string
    maxFileSize?: number
    maxTotalFileSize?: number
    allowEmptyFiles?: boolean
    minFileSize?: number
  }
  interface Formidable {
    on(event: 'fileBegin', listener: (field: string, file: File) => void): this
    parse(request: IncomingMessage): Promise<[Record<string, string[]>, Record<string, File[]>]>
  }
  export default function formidable(options?: Options): Formidable
}
