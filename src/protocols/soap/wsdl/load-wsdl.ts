import { dirname, resolve } from 'node:path'
import { NetworkError } from '../../../core/errors.js'
import { readXml, type XmlReadLimits } from '../xml/read-xml.js'
import { XmlReadError } from '../xml/xml-read-error.js'
import { importRefusal, importRefusalHint } from './import-policy.js'
import { isSchemaElement, type ReadSchema, readSchema } from './read-schema.js'
import { type ReadWsdl, readWsdl, WsdlReadError } from './read-wsdl.js'

/** Gets a document's text by location: an http(s)/file URL or a file path. */
export interface FetchDocument {
  (location: string): Promise<string>
  /** When the time limit for reading the WSDL and its imports runs out (Date.now()), once it has started. */
  deadline?(): number | undefined
}

/** A WSDL with everything it imports: its definitions documents and every schema, inline or imported. */
export interface LoadedWsdl {
  readonly location: string
  readonly documents: readonly ReadWsdl[]
  readonly schemas: readonly ReadSchema[]
  /** Imports not followed (a local document's remote ones), as sentences for a warning. */
  readonly skipped?: readonly string[] | undefined
}

export interface LoadWsdlOptions {
  /** At most this many documents (the WSDL and everything it imports); default 50. */
  maxDocuments?: number
  /** At most this many characters in all documents together; default 64 Mi. */
  maxTotalLength?: number
  limits?: XmlReadLimits
}

const absoluteUrl = /^[a-z][a-z0-9+.-]+:/i

/** A location written in a document at `base`, made absolute: a URL against a URL, a path against a file's folder. */
export function resolveLocation(reference: string, base: string): string {
  if (absoluteUrl.test(reference)) return reference
  if (absoluteUrl.test(base)) return new URL(reference, base).href
  return resolve(dirname(base), reference)
}

interface Pending {
  location: string
  /** For an included schema without a target namespace: the includer's. */
  inheritedNamespace: string
}

function parse(text: string, location: string, limits: XmlReadLimits | undefined) {
  try {
    // A WSDL or schema is a document, not a SOAP message: processing
    // instructions (ONVIF's <?xml-stylesheet?>) are allowed; a DOCTYPE is not.
    return readXml(text, { maxDepth: 200, ...limits, allowInstructions: true })
  } catch (error) {
    if (error instanceof XmlReadError && error.problem === 'time') {
      throw new NetworkError(`Reading the WSDL did not finish within the time limit (${location}).`, {
        hint: 'Raise the limit with --timeout SECONDS.',
      })
    }
    if (error instanceof XmlReadError) throw new WsdlReadError(`${location}: ${error.message}`)
    throw error
  }
}

const isRemote = (location: string) => /^https?:/i.test(location)

/**
 * Reads a WSDL 1.1 document and follows its `wsdl:import`, `xs:import` and
 * `xs:include` locations (relative ones against the importing document),
 * each document once, and only from where the importing document came from:
 * a remote document's imports from its own origin over http(s), never
 * `file:` or another origin (importRefusal: an error naming the import); a
 * local document's http(s) imports are not followed (a warning says which;
 * what they would define is then unknown, and the parameters that need it
 * open). Hostile XML is refused as everywhere (no DOCTYPE). Documents and
 * their total length are bounded, so a WSDL that imports without end is an
 * error, not an out-of-memory.
 */
export async function loadWsdl(
  location: string,
  fetchDocument: FetchDocument,
  options: LoadWsdlOptions = {},
): Promise<LoadedWsdl> {
  const maxDocuments = options.maxDocuments ?? 50
  const maxTotalLength = options.maxTotalLength ?? 64 * 1024 * 1024
  let totalLength = 0
  const documents: ReadWsdl[] = []
  const schemas: ReadSchema[] = []
  const skipped: string[] = []
  const seen = new Set<string>()
  const queue: Pending[] = [{ location, inheritedNamespace: '' }]
  const follow = (reference: string | undefined, base: string, inheritedNamespace = '') => {
    if (reference === undefined || reference === '') return
    const resolved = resolveLocation(reference, base)
    if (isRemote(resolved) && !isRemote(base)) {
      if (!skipped.includes(resolved)) skipped.push(resolved)
      return
    }
    const refusal = importRefusal(resolved, base)
    if (refusal !== undefined) throw new WsdlReadError(refusal, { hint: importRefusalHint })
    queue.push({ location: resolved, inheritedNamespace })
  }
  const addSchema = (schema: ReadSchema, base: string) => {
    schemas.push(schema)
    for (const imported of schema.imports ?? []) follow(imported.location, base)
    for (const included of schema.includes) follow(included, base, schema.targetNamespace)
  }
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const key = `${next.location} ${next.inheritedNamespace}`
    if (seen.has(key)) continue
    seen.add(key)
    if (seen.size > maxDocuments) {
      throw new WsdlReadError(
        `${location} imports more than ${maxDocuments} documents; refusing to read further`,
      )
    }
    const text = await fetchDocument(next.location)
    totalLength += text.length
    if (totalLength > maxTotalLength) {
      throw new WsdlReadError(
        `${location} and what it imports are longer than ${maxTotalLength} characters together; refusing to read further`,
      )
    }
    const root = parse(text, next.location, { ...options.limits, deadline: fetchDocument.deadline?.() })
    if (isSchemaElement(root)) {
      addSchema(readSchema(root, next.inheritedNamespace), next.location)
      continue
    }
    const document = readWsdl(root)
    documents.push(document)
    for (const schema of document.schemas) addSchema(schema, next.location)
    for (const imported of document.imports) follow(imported, next.location)
  }
  if (documents.length === 0) throw new WsdlReadError(`${location} is an XML Schema, not a WSDL document`)
  const notFollowed =
    skipped.length === 0
      ? undefined
      : [
          `a local WSDL's remote imports were not followed (${skipped.join(', ')}); what they define is left open`,
        ]
  return { location, documents, schemas, ...(notFollowed === undefined ? {} : { skipped: notFollowed }) }
}
