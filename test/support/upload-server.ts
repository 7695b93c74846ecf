import { createServer, type IncomingMessage } from 'node:http'
import formidable from 'formidable'
import { listenOnLoopback } from './listen-on-loopback.js'
import { tempDir } from './temp-dir.js'

export interface ReceivedFile {
  field: string
  filename: string | null
  type: string | null
  size: number
  sha256: string
}

export interface ReceivedUpload {
  contentType: string | undefined
  contentLength: string | undefined
  transferEncoding: string | undefined
  fields: Record<string, string[]>
  files: ReceivedFile[]
}

export interface UploadServer {
  url: string
  received: ReceivedUpload[]
  close(): Promise<void>
}

/**
 * A server that reads multipart/form-data with formidable (a parser apictl
 * does not use), writing files to a temp dir and hashing them as they
 * arrive, and answers 201 with what it got: the test checks the bytes
 * arrived intact without holding them.
 */
export async function startUploadServer(): Promise<UploadServer> {
  const dir = tempDir('apictl-uploads-')
  const received: ReceivedUpload[] = []
  const server = createServer(async (request: IncomingMessage, response) => {
    try {
      const form = formidable({
        uploadDir: dir,
        hashAlgorithm: 'sha256',
        maxFileSize: 300 * 1024 * 1024,
        maxTotalFileSize: 300 * 1024 * 1024,
        allowEmptyFiles: true,
        minFileSize: 0,
      })
      // Files in the order their parts began on the wire (formidable lists them as each one ends).
      const begun: string[] = []
      form.on('fileBegin', (field) => begun.push(field))
      const [fields, files] = await form.parse(request)
      const entry: ReceivedUpload = {
        contentType: request.headers['content-type'],
        contentLength: request.headers['content-length'],
        transferEncoding: request.headers['transfer-encoding'],
        fields,
        files: Object.entries(files)
          .flatMap(([field, list]) =>
            list.map((file) => ({
              field,
              filename: file.originalFilename,
              type: file.mimetype,
              size: file.size,
              sha256: String(file.hash),
            })),
          )
          .sort((a, b) => begun.indexOf(a.field) - begun.indexOf(b.field)),
      }
      received.push(entry)
      response.writeHead(201, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ files: entry.files.length, fields: Object.keys(fields).length }))
    } catch (error) {
      response.writeHead(400, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: String(error) }))
    }
  })
  const { url, close } = await listenOnLoopback(server)
  return { url, received, close }
}
