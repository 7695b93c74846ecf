import { stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Context } from '../../../core/context.js'
import type { FetchDocument } from '../wsdl/load-wsdl.js'
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
  const { readService } = await import('./read-service.js')
  const service = await readService(location, load.fetchDocument)
  const written = await writeCachedService(load.env, load.key, service, stamp).catch(() => undefined)
  return { service, location, fromCache: false, fetchedAt: written?.fetchedAt ?? new Date().toISOString() }
}
