import type { Item, Review } from '../../../server/kit/item.js'
import { defaultLimit, maximumLimit } from './paging.js'
import type { ApiVersion } from './representation.js'
import { currency } from './representation.js'
import { allowedMethods, type RouteKind, routeTemplates } from './routes.js'

/** Examples taken from the seed (its first item and that item's first review). */
export interface DocumentExamples {
  item: Item
  review: Review | undefined
}

type Json = Record<string, unknown>

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` })
const problemRef = (description: string): Json => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } },
})

const security = [{ basicAuth: [] }, { bearerAuth: [] }, { oauth2: [] }]

const problems = {
  '400': problemRef('The request is malformed (bad paging parameter, empty or unparsable body).'),
  '401': problemRef('Credentials are missing or wrong (writes only).'),
  '404': problemRef('There is no such item or review.'),
  '405': problemRef('The method is not allowed on this resource (see Allow).'),
  '406': problemRef('The Accept header asks for a type other than JSON or XML.'),
  '413': problemRef('The body is larger than the server accepts.'),
  '415': problemRef('The body is not application/json (PATCH also takes application/merge-patch+json).'),
  '422': problemRef('The body breaks the rules; `errors` lists each field and its problem.'),
}

function pick(...codes: Array<keyof typeof problems>): Json {
  return Object.fromEntries(codes.map((code) => [code, problems[code]]))
}

const pageHeaders = {
  'X-Total-Count': { description: 'How many there are in all.', schema: { type: 'integer', minimum: 0 } },
  Link: { description: 'RFC 8288 links: first, prev, next, last.', schema: { type: 'string' } },
}
const locationHeader = {
  Location: { description: 'Where the created resource lives.', schema: { type: 'string' } },
}

const pageParameters = [
  {
    name: 'page',
    in: 'query',
    description: 'Page number, from 1.',
    schema: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
  },
  {
    name: 'limit',
    in: 'query',
    description: `Page size (default ${defaultLimit}).`,
    schema: { type: 'integer', minimum: 1, maximum: maximumLimit, default: defaultLimit },
  },
]
const tagParameter = {
  name: 'tag',
  in: 'query',
  description: 'Only items carrying this tag.',
  schema: { type: 'string' },
}
const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The item id.',
  schema: { type: 'string' },
  example: '1',
}
const reviewIdParameter = {
  name: 'reviewId',
  in: 'path',
  required: true,
  description: 'The review id.',
  schema: { type: 'string' },
  example: '1',
}

function jsonAndXml(schema: Json, example: unknown): Json {
  return {
    'application/json': { schema, example },
    'application/xml': { schema },
  }
}

function schemas(examples: DocumentExamples): Json {
  const writable = {
    name: { type: 'string', minLength: 1, maxLength: 200, description: 'Not blank.' },
    description: { type: ['string', 'null'], maxLength: 5000 },
    price: { type: 'number', minimum: 0 },
    quantity: { type: 'integer', minimum: 0, default: 0 },
    tags: {
      type: 'array',
      maxItems: 50,
      items: { type: 'string', minLength: 1, maxLength: 50 },
      default: [],
    },
  }
  const price2 = {
    type: 'object',
    additionalProperties: false,
    required: ['amount'],
    properties: {
      amount: { type: 'number', minimum: 0 },
      currency: { type: 'string', enum: [currency], default: currency },
    },
  }
  const serverOwned = {
    id: { type: 'string', readOnly: true },
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
    updatedAt: { type: 'string', format: 'date-time', readOnly: true },
  }
  const all = ['id', 'name', 'description', 'price', 'quantity', 'tags', 'createdAt', 'updatedAt']
  const { item, review } = examples
  return {
    Item: {
      type: 'object',
      description: 'An item as /v1 shows it.',
      required: all,
      properties: { ...serverOwned, ...writable },
      example: item,
    },
    ItemInput: {
      type: 'object',
      description: 'The writable fields of an item (create or whole replacement).',
      additionalProperties: false,
      required: ['name', 'price'],
      properties: writable,
      example: { name: item.name, price: item.price, tags: item.tags },
    },
    ItemPatch: {
      type: 'object',
      description: 'An RFC 7396 merge patch; null clears description.',
      additionalProperties: false,
      properties: writable,
      example: { price: item.price },
    },
    ItemV2: {
      type: 'object',
      description: 'An item as /v2 shows it: price is {amount, currency}.',
      required: all,
      properties: { ...serverOwned, ...writable, price: price2 },
      example: { ...item, price: { amount: item.price, currency } },
    },
    ItemInputV2: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'price'],
      properties: { ...writable, price: price2 },
      example: { name: item.name, price: { amount: item.price, currency } },
    },
    ItemPatchV2: {
      type: 'object',
      additionalProperties: false,
      properties: { ...writable, price: price2 },
      example: { price: { amount: item.price } },
    },
    Review: {
      type: 'object',
      required: ['id', 'rating', 'comment', 'author'],
      properties: {
        id: { type: 'string', readOnly: true },
        rating: { type: 'integer', minimum: 1, maximum: 5 },
        comment: { type: ['string', 'null'], maxLength: 2000 },
        author: { type: 'string', minLength: 1, maxLength: 100 },
      },
      ...(review === undefined ? {} : { example: review }),
    },
    ReviewInput: {
      type: 'object',
      additionalProperties: false,
      required: ['rating', 'author'],
      properties: {
        rating: { type: 'integer', minimum: 1, maximum: 5 },
        comment: { type: ['string', 'null'], maxLength: 2000 },
        author: { type: 'string', minLength: 1, maxLength: 100 },
      },
      ...(review === undefined ? {} : { example: { rating: review.rating, author: review.author } }),
    },
    Problem: {
      type: 'object',
      description: 'RFC 9457 problem details.',
      required: ['type', 'title', 'status', 'detail'],
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'message'],
            properties: { field: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  }
}

function operations(version: ApiVersion, kind: RouteKind, examples: DocumentExamples): Json {
  const suffix = version === 'v2' ? 'V2' : ''
  const V = version.toUpperCase()
  const item = ref(`Item${suffix}`)
  const itemExample =
    version === 'v2' ? { ...examples.item, price: { amount: examples.item.price, currency } } : examples.item
  const options = (what: string): Json => ({
    operationId: `options${kind[0]!.toUpperCase()}${kind.slice(1)}${V}`,
    summary: `The methods allowed on ${what}`,
    tags: [kind.startsWith('review') ? 'reviews' : 'items'],
    responses: {
      '204': {
        description: 'No body; Allow lists the methods.',
        headers: { Allow: { schema: { type: 'string', example: allowedMethods[kind] } } },
      },
    },
  })
  const query =
    kind === 'items' ? [...pageParameters, tagParameter] : kind === 'reviews' ? pageParameters : []
  const read = (
    operationId: string,
    summary: string,
    schema: Json,
    example: unknown,
    head: boolean,
  ): Json => ({
    operationId: head ? operationId.replace(/^(list|get)/, 'head') : operationId,
    summary: head ? `${summary} (headers only)` : summary,
    tags: [kind.startsWith('review') ? 'reviews' : 'items'],
    ...(query.length === 0 ? {} : { parameters: query }),
    responses: {
      '200': {
        description: head ? 'The headers a GET would send, no body.' : 'OK',
        ...(kind === 'items' || kind === 'reviews' ? { headers: pageHeaders } : {}),
        ...(head ? {} : { content: jsonAndXml(schema, example) }),
      },
      ...pick('400', '404', '406'),
    },
  })
  const write = (
    operationId: string,
    summary: string,
    input: string,
    status: string,
    output: Json,
    example: unknown,
    patch = false,
  ): Json => ({
    operationId,
    summary,
    tags: [kind.startsWith('review') ? 'reviews' : 'items'],
    security,
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: ref(input) },
        ...(patch ? { 'application/merge-patch+json': { schema: ref(input) } } : {}),
      },
    },
    responses: {
      [status]: {
        description: status === '201' ? 'Created' : 'OK',
        ...(status === '201' ? { headers: locationHeader } : {}),
        content: jsonAndXml(output, example),
      },
      ...pick('400', '401', '404', '406', '413', '415', '422'),
    },
  })
  const listItems = (head: boolean) =>
    read(`listItems${V}`, `List the items, paged`, { type: 'array', items: item }, [itemExample], head)
  const getItem = (head: boolean) => read(`getItem${V}`, 'One item', item, itemExample, head)
  const review = ref('Review')
  const listReviews = (head: boolean) =>
    read(
      `listReviews${V}`,
      "An item's reviews, oldest first, paged",
      { type: 'array', items: review },
      [],
      head,
    )
  const getReview = (head: boolean) => read(`getReview${V}`, 'One review', review, examples.review, head)
  switch (kind) {
    case 'items':
      return {
        get: listItems(false),
        head: listItems(true),
        post: write(`createItem${V}`, 'Create an item', `ItemInput${suffix}`, '201', item, itemExample),
        options: options('the item list'),
      }
    case 'item':
      return {
        parameters: [idParameter],
        get: getItem(false),
        head: getItem(true),
        put: write(
          `replaceItem${V}`,
          "Replace an item's writable fields",
          `ItemInput${suffix}`,
          '200',
          item,
          itemExample,
        ),
        patch: write(
          `patchItem${V}`,
          'Change some fields (merge patch)',
          `ItemPatch${suffix}`,
          '200',
          item,
          itemExample,
          true,
        ),
        delete: {
          operationId: `deleteItem${V}`,
          summary: 'Delete an item',
          tags: ['items'],
          security,
          responses: { '204': { description: 'Deleted' }, ...pick('401', '404') },
        },
        options: options('an item'),
      }
    case 'reviews':
      return {
        parameters: [idParameter],
        get: listReviews(false),
        head: listReviews(true),
        post: write(`createReview${V}`, 'Review an item', 'ReviewInput', '201', review, examples.review),
        options: options("an item's reviews"),
      }
    case 'review':
      return {
        parameters: [idParameter, reviewIdParameter],
        get: getReview(false),
        head: getReview(true),
        options: options('a review'),
      }
  }
}

/**
 * The reference server's REST half as an OpenAPI 3.1 document: /v1 and
 * /v2, every route and method it serves (tested against the handler table
 * both ways), problem+json errors, and the three ways to authenticate a
 * write. `origin` makes the server and token URLs absolute.
 */
export function openApiDocument(origin: string, examples: DocumentExamples): Json {
  const paths: Json = {}
  for (const version of ['v1', 'v2'] as const) {
    for (const kind of Object.keys(routeTemplates) as RouteKind[]) {
      paths[`/${version}${routeTemplates[kind]}`] = operations(version, kind, examples)
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'apictl reference server — REST',
      version: '1.0.0',
      description:
        'Items and their reviews over one store. /v1 shows price as a number, /v2 as {amount, currency}. ' +
        'Reads are open; writes need Basic (demo:demo), a Bearer JWT, or an OAuth 2.0 client-credentials token.',
    },
    servers: [{ url: origin }],
    tags: [
      { name: 'items', description: 'The catalogue' },
      { name: 'reviews', description: "An item's reviews" },
    ],
    paths,
    components: {
      schemas: schemas(examples),
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'demo:demo' },
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        oauth2: {
          type: 'oauth2',
          description: 'Client credentials (demo / demo-secret).',
          flows: { clientCredentials: { tokenUrl: `${origin}/oauth/token`, scopes: {} } },
        },
      },
    },
  }
}
