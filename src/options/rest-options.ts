import type { Command } from 'commander'
import { addCommonOptions, type CommonOptionValues } from './common-options.js'
import { positiveInteger } from './option-parsers.js'

/** `apictl rest` and a REPL REST line: their options, as commander hands them over. */
export interface RestOptionValues extends CommonOptionValues {
  data?: string
  form?: boolean
  page?: number
  limit?: number
  all?: boolean
  maxPages: number
  accept?: string
  apiVersion?: string
  /** --lint true, --no-lint false, neither undefined (the profile's REST API only). */
  lint?: boolean
  follow?: boolean
  /** --download alone is true; --download FILE the file. */
  download?: string | boolean
  continue?: boolean
  force?: boolean
  /** --openapi URL|FILE */
  openapi?: string
  /** --no-validate: false */
  validate?: boolean
  checkResponse?: boolean
  strict?: boolean
  /** --refresh: read the OpenAPI document again. */
  refresh?: boolean
  /** --stream: any body printed as it arrives (server-sent events and NDJSON always are). */
  stream?: boolean
  /** --ignore-stdin: never read a piped body. */
  ignoreStdin?: boolean
}

/** The options of a REST request (`apictl rest METHOD …`, a REPL `get …` line): REST's own, then the common ones. */
export function addRestOptions(command: Command): Command {
  command
    .option('--data <json>', 'request body: JSON text, @file, or - for stdin')
    .option('-f, --form', 'send field=value items as a form (urlencoded; multipart with field@file uploads)')
    .option('--page <n>', 'add page=N to the query', positiveInteger)
    .option('--limit <n>', 'add limit=N to the query', positiveInteger)
    .option('--all', 'follow Link rel="next" (or page numbers) and print the merged list')
    .option('--max-pages <n>', 'at most this many pages with --all', positiveInteger, 100)
    .option('--accept <type>', 'json, xml or a MIME type (default application/json)')
    .option('--api-version <n>', 'rewrite a leading /vK/ path segment to /vN/')
    .option(
      '--lint',
      "check the path against the REST conventions even on a URL outside the profile's REST API",
    )
    .option('--no-lint', 'do not check the path against the REST conventions')
    .option('--follow', 'follow redirects (at most 10; -v shows each hop)')
    .option(
      '--openapi <url-or-file>',
      "the API's OpenAPI document (else the profile's, else /openapi.json at the REST base)",
    )
    .option('--no-validate', 'send without checking the request against the OpenAPI document')
    .option('--check-response', 'check the response against the OpenAPI document (a mismatch is a warning)')
    .option('--strict', 'with --check-response: a mismatching response exits 6')
    .option('--refresh', 'read the OpenAPI document again instead of the cached copy')
    .option('--ignore-stdin', 'do not read a request body piped on stdin')
    .option(
      '--stream',
      'print the body as it arrives, chunk by chunk (text/event-stream and NDJSON always are); --timeout is then the idle limit',
    )
    .option(
      '--download [file]',
      'save the body to FILE (default: the name from Content-Disposition or the URL), with a progress bar',
    )
    .option('--continue', 'resume a --download FILE from where it ends (a Range request)')
    .option('--force', 'let --download overwrite a file that exists')
  return addCommonOptions(command)
}
