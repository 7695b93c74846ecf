/** Where a WSDL or schema may import from: the same place it came from (SPEC §6). */

const httpUrl = /^https?:\/\//i
const anyUrl = /^[a-z][a-z0-9+.-]+:/i

function isLocal(location: string): boolean {
  return !anyUrl.test(location) || /^file:/i.test(location)
}

function originOf(location: string): string | undefined {
  try {
    return new URL(location).origin
  } catch {
    return undefined
  }
}

/**
 * Why `location` (an import or include, already resolved against `base`)
 * may not be read, or undefined when it may: a document fetched over
 * http(s) imports only over http(s) from its own origin (never `file:`,
 * never another host, port or scheme); a local file imports local files
 * (its http(s) imports loadWsdl skips with a warning before asking here).
 */
export function importRefusal(location: string, base: string): string | undefined {
  if (httpUrl.test(base)) {
    const origin = originOf(base)
    if (httpUrl.test(location) && originOf(location) === origin) return undefined
    const what = /^file:/i.test(location) || !anyUrl.test(location) ? 'a local file' : 'another origin'
    return `${base} imports ${location}, ${what}: a WSDL read over http(s) may import only from its own origin (${origin}), over http(s)`
  }
  if (isLocal(base)) {
    if (isLocal(location)) return undefined
    return `${base} imports ${location}: a local WSDL file may import only local files`
  }
  return `${base} imports ${location}: imports are read only from http(s) URLs and local files`
}

/** What to do about a refused import, for the error's hint. */
export const importRefusalHint =
  'Imports are followed only from where the WSDL came from. Save the documents side by side and pass --wsdl FILE, or ask the service to serve its imports from its own origin.'
