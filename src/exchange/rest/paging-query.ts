import { UsageError } from '../../core/errors.js'

/** The query with --page and --limit added; either one also given as `page==9` (or `?page=9`) is a usage error. */
export function pagingQuery(
  paging: { page?: number | undefined; limit?: number | undefined },
  query: Array<[string, string]>,
  url: URL,
): Array<[string, string]> {
  for (const [name, value] of [
    ['page', paging.page],
    ['limit', paging.limit],
  ] as const) {
    if (value === undefined) continue
    checkPagingParameter(name, value, query, url)
    query.push([name, String(value)])
  }
  return query
}

/** `--page 2` and `page==9` (or `?page=9` in the URL) would send both: a usage error naming them. */
function checkPagingParameter(
  name: 'page' | 'limit',
  value: number,
  query: ReadonlyArray<[string, string]>,
  url: URL,
): void {
  const given = query.find(([each]) => each === name)?.[1] ?? url.searchParams.get(name)
  if (given === undefined || given === null) return
  throw new UsageError(`--${name} ${value} and ${name}=${given} both set the ${name}.`, {
    where: `--${name}`,
    hint: `Give one: --${name} ${value}, or ${name}==${given}.`,
  })
}
