import type { DocumentNode } from 'graphql'

const documentIds = new WeakMap<DocumentNode, number>()
let documentCount = 0

/**
 * A text equal for equal requests: the document's source text (a DocumentNode
 * parsed without a location counts by identity) and the options as JSON with
 * sorted keys, so `{ a: 1, b: 2 }` written afresh on every render, or in
 * another order, is the same request and is not fetched again.
 */
export function requestKey(document: string | DocumentNode, options: object): string {
  return JSON.stringify([documentKey(document), options], sortedKeys)
}

function documentKey(document: string | DocumentNode): string | number {
  if (typeof document === 'string') return document
  if (document.loc !== undefined) return document.loc.source.body
  const known = documentIds.get(document)
  if (known !== undefined) return known
  documentCount += 1
  documentIds.set(document, documentCount)
  return documentCount
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return Object.fromEntries(entries)
}
