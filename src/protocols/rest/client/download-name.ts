import { guessMediaType } from './guess-media-type.js'

/**
 * The file name a download is saved under when none is given (as HTTPie
 * picks it): Content-Disposition's filename* (RFC 6266/8187) or filename,
 * else the URL's last path segment, else `index`; an extension from the
 * Content-Type when the name has none. Always a plain name in the current
 * directory: no path, no `..`, no leading dot, no control or bidi
 * characters, at most 200 characters.
 */
export function downloadName(url: string, contentDisposition?: string, contentType?: string): string {
  const named = safeFileName(dispositionFileName(contentDisposition)) ?? safeFileName(urlFileName(url))
  const name = named ?? 'index'
  if (/\.[A-Za-z0-9]{1,8}$/.test(name)) return name
  const extension = extensionOf(contentType)
  return extension === undefined ? name : `${name}.${extension}`
}

/** filename* (percent-encoded UTF-8 or Latin-1) wins over filename, quoted or not. */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  const extended = /(?:^|;)\s*filename\*\s*=\s*([\w!#$&+.^`|~-]+)'[\w-]*'([^;\s]+)/i.exec(header)
  if (extended) {
    try {
      const bytes = extended[2]!.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      )
      const encoding = extended[1]!.toLowerCase() === 'utf-8' ? 'utf8' : 'latin1'
      return Buffer.from(bytes, 'latin1').toString(encoding)
    } catch {
      // fall back to filename
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1')
  return /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header)?.[1]
}

function urlFileName(url: string): string | undefined {
  try {
    const segment = new URL(url).pathname.split('/').filter(Boolean).at(-1)
    return segment === undefined ? undefined : decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/**
 * A name that can only ever be a file in the current directory, or
 * undefined when nothing of it is left: the last path segment (either
 * slash), control, bidi and reserved characters replaced, leading dots and
 * spaces (hidden files, `..`) and trailing ones removed.
 */
export function safeFileName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined
  const last = name.split(/[/\\]/).at(-1) ?? ''
  const cleaned = last
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
  if (cleaned === '') return undefined
  if (cleaned.length <= 200) return cleaned
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(cleaned)?.[0] ?? ''
  return cleaned.slice(0, 200 - extension.length) + extension
}

function extensionOf(contentType: string | undefined): string | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === '' || type === 'application/octet-stream') return undefined
  for (const extension of [
    'json',
    'xml',
    'html',
    'txt',
    'csv',
    'pdf',
    'zip',
    'png',
    'jpg',
    'gif',
    'svg',
    'gz',
    'tar',
    'mp4',
    'mp3',
    'yaml',
    'js',
    'css',
  ]) {
    if (guessMediaType(`x.${extension}`) === type) return extension
  }
  return undefined
}
