import { stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Context } from '../../../core/context.js'
import { ResponseError, UsageError } from '../../../core/errors.js'
import { type FetchDocument, loadWsdl } from '../wsdl/load-wsdl.js'
import { WsdlReadError } from '../wsdl/read-wsdl.js'
import { describeService } from './describe-service.js'
import { isUrl } from './fetch-wsdl-document.js'
import type { ServiceDescription } from './service-description.js'
import { readCachedService, writeCachedService } from './wsdl-cache.js'

export interface LoadedService {
  service: ServiceDescription
  /** Where the WSDL was read from (URL or absolute path). */
  location: string
  /** True when the description came from the disk cache. */
  fromCache: boolean
  fetchedAt: string
}

/** Reads a WSDL and everything it imports, and digests it. Unusable documents are exit 6 (a URL) or 2 (a file). */
export async function readService(
  location: string,
  fetchDocument: FetchDocument,
): Promise<ServiceDescription> {
  try {
    return describeService(await loadWsdl(location, fetchDocument))
  } catch (error) {
    if (!(error instanceof WsdlReadError)) throw error
    const details = {
      where: location,
      hint: "Check that --wsdl (or the profile's wsdl) points at a WSDL 1.1 document.",
    }
    const message = `The WSDL cannot be used: ${error.message}.`
    throw /^https?:/i.test(location) ? new ResponseError(message, details) : new UsageError(message, details)
  }
}

async function fileStamp(location: string): Promise<string | undefined> {
  if (isUrl(location) && !location.startsWith('file:')) return undefined
  try {
    const info = await stat(location.startsWith('file:') ? fileURLToPath(location) : location)
    return `${info.mtimeMs}:${info.size}`
  } catch {
    return undefined
  }
}

export interface CachedLoad {
  /** The URL or absolute path to read when the cache has nothing. */
  location: string | (() => Promise<string>)
  /** The cache key: the location itself, or a stand-in (the built-in server's, whose port changes every run). */
  key: string
  /** Read the WSDL again even when cached (--refresh-wsdl). */
  refresh?: boolean
  env: Context['env']
  fetchDocument: FetchDocument
}

/**
 * The description of a WSDL, from the cache when it has it (per URL; a
 * file's entry is stale once the file changes), else read and cached.
 */
export async function loadCachedService(load: CachedLoad): Promise<LoadedService> {
  const stamp = typeof load.location === 'string' ? await fileStamp(load.location) : undefined
  if (load.refresh !== true) {
    const cached = await readCachedService(load.env, load.key, stamp)
    if (cached !== undefined) {
      return { service: cached.service, location: load.key, fromCache: true, fetchedAt: cached.fetchedAt }
    }
  }
  const location = typeof load.location === 'string' ? load.location : await load.location()
  const service = await readService(location, load.fetchDocument)
  const written = await writeCachedService(load.env, load.key, service, stamp).catch(() => undefined)
  return { service, location, fromCache: false, fetchedAt: written?.fetchedAt ?? new Date().toISOString() }
}
