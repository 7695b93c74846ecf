/**
 * What an assert (`?? …` in a request file) and a capture (`{{name.path}}`,
 * `@id = {{created.id}}`) see of one answer, whatever its style: the runner
 * fills it from the engine's decoded outcome; the assert evaluator and the
 * template resolver only read it. Plain data.
 */

import type { RunStyle } from './run-report.js'

export interface RunAnswer {
  style: RunStyle
  /** HTTP status; absent when no answer came. */
  status?: number
  /** Response headers, names in lower case; repeated ones joined with ", ". */
  headers: Record<string, string>
  /** The body as text (what arrived, decoded by its charset). */
  bodyText: string
  /**
   * The decoded value a capture names (`{{created.id}}`) and `?? body` reads
   * with JSONPath: REST the JSON body (undefined when not JSON), GraphQL the
   * response's `data`, SOAP the response values (the `-o json` `result`).
   */
  value: unknown
  /** The whole GraphQL response object (`data`, `errors`, `extensions`), for `?? errors…`. */
  graphql?: { data?: unknown; errors?: unknown[]; extensions?: unknown }
  /** A SOAP fault, for `?? fault code == Client`. */
  fault?: { code: string; reason: string; actor?: string; detail?: unknown }
  /** Namespace prefixes the SOAP answer (or WSDL) declares, for `?? xpath //tns:price`. */
  namespaces?: Record<string, string>
  /** Milliseconds from sending to the whole answer read, for `?? duration < 500`. */
  durationMs: number
}
