import { mediaType } from './exchange.js'

const binaryTypes =
  /^(image\/(?!svg\+xml)|audio\/|video\/|font\/|application\/(octet-stream|pdf|zip|gzip|x-gzip|x-tar|x-7z-compressed|x-bzip2|x-xz|zstd|wasm|protobuf|x-protobuf|vnd\.google\.protobuf|msgpack|x-msgpack|cbor|java-archive|x-sqlite3|vnd\.ms-excel|vnd\.openxmlformats))/

/** How much of a large body is inspected. */
const sampleSize = 8192

/**
 * Whether a body should not be dumped on a terminal: a known binary media
 * type, a NUL byte, bytes that are not UTF-8 (unless another charset is
 * declared), or mostly control characters.
 */
export function isProbablyBinary(buffer: Buffer, contentType?: string): boolean {
  if (buffer.length === 0) return false
  if (binaryTypes.test(mediaType(contentType))) return true
  const charset = /;\s*charset="?([^";\s]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase()
  if (charset?.startsWith('utf-16') || charset?.startsWith('utf-32')) return false
  const sample = buffer.subarray(0, sampleSize)
  if (sample.includes(0)) return true
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8' || charset === 'us-ascii') {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: sample.length < buffer.length })
    } catch {
      return true
    }
  }
  let controls = 0
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1b)
      controls++
  }
  return controls / sample.length > 0.1
}
