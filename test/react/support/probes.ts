import type { DocumentNode } from 'graphql'
import { createElement, type ReactNode } from 'react'
import type { GraphQLApi } from '../../../src/index.js'
import {
  ApictlProvider,
  type MutateFunction,
  type MutationResult,
  type QueryOptions,
  type QueryResult,
  useMutation,
  useQuery,
} from '../../../src/react/index.js'

/** What one render of a probe saw, with the variables it was rendered with. */
export type SeenQuery<T> = QueryResult<T> & { variables: unknown }

/** One line for what a hook shows: `loading`, `error <code>: <message>`, or the data as JSON. */
export function shown(result: {
  data?: unknown
  loading: boolean
  error?: { exitCode: number; message: string }
}) {
  if (result.loading) return 'loading'
  if (result.error) return `error ${result.error.exitCode}: ${result.error.message}`
  return JSON.stringify(result.data ?? null)
}

export interface QueryProbeProps<T> {
  document: string | DocumentNode
  options?: QueryOptions
  /** Every render's result is pushed here. */
  seen?: Array<SeenQuery<T>>
  /** Appended to the text, so a test can tell when a re-render has been committed. */
  mark?: string
}

/** A component that runs useQuery and shows its result as text. */
export function QueryProbe<T>({ document, options, seen, mark = '' }: QueryProbeProps<T>): ReactNode {
  const result = useQuery<T>(document, options)
  seen?.push({ ...result, variables: options?.variables })
  return createElement('p', null, `${shown(result)}${mark}`)
}

export interface MutationProbeProps<T> {
  document: string | DocumentNode
  /** Every render's state is pushed here. */
  seen: Array<MutationResult<T>>
  /** Receives the mutate function on each render. */
  take: (mutate: MutateFunction<T>) => void
}

/** A component that holds a useMutation, hands its mutate function out, and shows its state (`idle` before any call). */
export function MutationProbe<T>({ document, seen, take }: MutationProbeProps<T>): ReactNode {
  const [mutate, result] = useMutation<T>(document)
  take(mutate)
  seen.push(result)
  return createElement('p', null, result.called ? shown(result) : 'idle')
}

/** `node` under an ApictlProvider holding `client`. */
export function provided(client: GraphQLApi, node: ReactNode): ReactNode {
  return createElement(ApictlProvider, { client }, node)
}
