/** Where a JSON value (or XML read as JSON) keeps its list of items. */
export interface FoundList {
  list: unknown[]
  /** The keys from the value down to the list: [] for a bare array, ['data'] for `{data: [...]}`. */
  path: string[]
  /** The object that holds the list (its paging fields sit beside it), or undefined for a bare array. */
  envelope?: Record<string, unknown>
}

/** Fields that hold the next page's link (or, as a number, its page number). */
export const NEXT_FIELDS = [
  'next',
  'next_page',
  'nextPage',
  'next_url',
  'nextUrl',
  'next_link',
  'nextLink',
  '@odata.nextLink',
]

/** Names lists go by in the envelopes APIs send, most usual first. */
const LIST_KEYS = ['data', 'items', 'results', 'value', 'content', 'records', 'entries', 'elements', 'nodes']

/**
 * Field names an envelope carries beside its list: counts, page numbers,
 * next/previous links and cursors (json-server v1, Django REST framework,
 * Google, Stripe, Slack, OData, Spring, JSON:API, HAL, GitHub search).
 */
const PAGING_FIELDS = new Set(
  [
    'first',
    'prev',
    'previous',
    'last',
    'pages',
    'page',
    'per_page',
    'perPage',
    'page_size',
    'pageSize',
    'size',
    'limit',
    'offset',
    'start',
    'count',
    'total',
    'total_count',
    'totalCount',
    'total_pages',
    'totalPages',
    'totalElements',
    'numberOfElements',
    'number',
    'empty',
    'sort',
    'pageable',
    'items',
    ...NEXT_FIELDS,
    'prev_page',
    'prevPage',
    'last_page',
    'lastPage',
    'current_page',
    'currentPage',
    'from',
    'to',
    'path',
    'url',
    'object',
    'has_more',
    'hasMore',
    'has_next',
    'hasNext',
    'cursor',
    'cursors',
    'next_cursor',
    'nextCursor',
    'nextPageToken',
    'next_page_token',
    'prevPageToken',
    'totalItems',
    'kind',
    'etag',
    'response_metadata',
    'incomplete_results',
    'links',
    '_links',
    'meta',
    'paging',
    'pagination',
    'pageInfo',
    'page_info',
    'status',
    'success',
    'ok',
  ].map((name) => name.toLowerCase()),
)

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A field that may sit beside an envelope's list: paging vocabulary, OData annotations, XML attributes. */
function isPagingField(name: string): boolean {
  return PAGING_FIELDS.has(name.toLowerCase()) || name.startsWith('@')
}

/** `items` holding `item`, `entries` holding `entry`, `bookList` holding `book`. */
function namesItsChild(wrapper: string, child: string): boolean {
  const plural = wrapper.toLowerCase()
  const single = child.toLowerCase()
  return (
    plural === `${single}s` ||
    plural === `${single}es` ||
    (single.endsWith('y') && plural === `${single.slice(0, -1)}ies`) ||
    plural === `${single}list` ||
    plural === `${single}collection`
  )
}

/** The list beside paging fields: `{data: [...], next, pages}`, `{results: [...], count}`, `{items: [...]}`. */
function envelopeList(value: Record<string, unknown>): string | undefined {
  const names = Object.keys(value)
  const lists = names.filter((name) => Array.isArray(value[name]))
  const list = lists.length === 1 ? lists[0] : LIST_KEYS.find((name) => lists.includes(name))
  if (list === undefined) return undefined
  const others = names.filter((name) => name !== list)
  if (!others.every(isPagingField)) return undefined
  // A lone array under a name that is not a list name needs a paging field to count as a page.
  return LIST_KEYS.includes(list) || others.length > 0 ? list : undefined
}

/**
 * The list a value holds: the value itself when it is an array; the list of a
 * paged envelope; or, through single-key wrappers such as XML's
 * `{items: {item: [...]}}`, the list inside them (a wrapper holding one child
 * named after it, `<items><item/></items>`, is a list of one). Undefined when
 * the value is a single object or scalar.
 */
export function findList(value: unknown, path: string[] = []): FoundList | undefined {
  if (Array.isArray(value)) return { list: value, path }
  if (!isRecord(value) || path.length > 4) return undefined
  const list = envelopeList(value)
  if (list !== undefined) return { list: value[list] as unknown[], path: [...path, list], envelope: value }
  const names = Object.keys(value).filter((name) => !name.startsWith('@'))
  if (names.length !== 1) return undefined
  const [name] = names as [string]
  const inner = value[name]
  if (Array.isArray(inner)) return { list: inner, path: [...path, name], envelope: value }
  if (!isRecord(inner)) return undefined
  const only = Object.keys(inner)
  if (only.length === 1 && isRecord(inner[only[0]!]) && namesItsChild(name, only[0]!)) {
    return { list: [inner[only[0]!]], path: [...path, name, only[0]!], envelope: inner }
  }
  return findList(inner, [...path, name])
}
