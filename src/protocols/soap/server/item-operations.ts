import type { Store } from '../../../server/kit/store.js'
import type { SchemaElement } from '../wsdl/wsdl-model.js'
import { xsdNamespace } from '../xml/qname.js'
import { element, type XmlNode } from '../xml/xml-element.js'
import { itemElement, leaf, reusedItemElement } from './item-elements.js'
import { tns } from './item-service.js'
import { raiseRequestedFault } from './raise-requested-fault.js'
import type { ParameterSpec, ParameterValues, Scalar } from './read-parameters.js'
import { SoapFaultError } from './soap-fault-error.js'

export interface OperationContext {
  store: Store
  /** This endpoint's URL (the actor/role of faults it raises on purpose). */
  endpoint: string
}

/** One operation of the service: its parameters and result (for the WSDL) and what it does. */
export interface ItemOperation {
  name: string
  documentation: string
  /** Changes data, so needs a WS-Security UsernameToken. */
  write: boolean
  parameters: readonly ParameterSpec[]
  /** The children of `<name>Response`. */
  result: readonly SchemaElement[]
  run(values: ParameterValues, context: OperationContext): Promise<XmlNode[]> | XmlNode[]
}

const xs = (local: string) => ({ namespace: xsdNamespace, local })
const maximumPage = 1_000_000
const maximumLimit = 100

const id: ParameterSpec = {
  name: 'id',
  type: 'string',
  required: true,
  documentation: 'The item id, e.g. "1".',
}
const itemFields: ParameterSpec[] = [
  { name: 'name', type: 'string', documentation: 'Item name (required on create).' },
  {
    name: 'description',
    type: 'string',
    nillable: true,
    documentation: 'Free text; xsi:nil="true" clears it.',
  },
  { name: 'price', type: 'decimal', documentation: 'Price, a number >= 0 (required on create).' },
  { name: 'quantity', type: 'int', documentation: 'Stock, an integer >= 0 (default 0).' },
  {
    name: 'tags',
    type: 'string',
    repeated: true,
    nillable: true,
    documentation: 'Repeat the element once per tag; on update one xsi:nil="true" tags clears them.',
  },
]
const itemResult: SchemaElement[] = [{ name: 'item', type: tns('Item') }]

function whole(values: ParameterValues, name: string, fallback: number, maximum: number): number {
  const value = (values[name] ?? fallback) as number
  if (value < 1 || value > maximum) {
    throw SoapFaultError.client('INVALID_PARAMETERS', `${name} must be a whole number from 1 to ${maximum}`, {
      problems: [{ field: name, message: `must be from 1 to ${maximum}` }],
    })
  }
  return value
}

/** The item fields given, as the store's JSON input (a tags list of one nil clears the tags). */
function fieldsOf(values: ParameterValues): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const spec of itemFields) {
    if (!Object.hasOwn(values, spec.name)) continue
    const value = values[spec.name]
    if (spec.name === 'tags') {
      const tags = value as Scalar[]
      fields.tags = tags.length === 1 && tags[0] === null ? [] : tags.map((tag) => tag ?? '')
    } else fields[spec.name] = value
  }
  return fields
}

export const itemOperations: readonly ItemOperation[] = [
  {
    name: 'GetItem',
    documentation: 'One item by id; a Client/Sender fault (NOT_FOUND) when there is none.',
    write: false,
    parameters: [id],
    result: itemResult,
    run: (values, { store }) => {
      const item = store.get(values.id as string)
      if (item === undefined) {
        throw SoapFaultError.client('NOT_FOUND', `item ${JSON.stringify(values.id)} does not exist`)
      }
      return [reusedItemElement(item)]
    },
  },
  {
    name: 'ListItems',
    documentation: 'A page of items in a stable order, optionally only those with a tag.',
    write: false,
    parameters: [
      { name: 'page', type: 'int', documentation: 'From 1 (default 1).' },
      { name: 'limit', type: 'int', documentation: 'Items per page, 1 to 100 (default 20).' },
      { name: 'tag', type: 'string', documentation: 'Only items with this tag.' },
    ],
    result: [
      { name: 'items', type: tns('ItemList') },
      { name: 'total', type: xs('int') },
      { name: 'page', type: xs('int') },
      { name: 'limit', type: xs('int') },
    ],
    run: (values, { store }) => {
      const page = whole(values, 'page', 1, maximumPage)
      const limit = whole(values, 'limit', 20, maximumLimit)
      const tag = values.tag === undefined || values.tag === '' ? undefined : (values.tag as string)
      const result = store.list({ page, limit, tag })
      return [
        element(tns('items'), result.items.map(reusedItemElement)),
        leaf('total', result.total),
        leaf('page', page),
        leaf('limit', limit),
      ]
    },
  },
  {
    name: 'CreateItem',
    documentation: 'Creates an item (needs a WS-Security UsernameToken); answers the new item with its id.',
    write: true,
    parameters: itemFields.map((spec) =>
      spec.name === 'name' || spec.name === 'price' ? { ...spec, required: true } : spec,
    ),
    result: itemResult,
    run: async (values, { store }) => [itemElement('item', await store.create(fieldsOf(values)))],
  },
  {
    name: 'UpdateItem',
    documentation: 'Changes the fields given and keeps the others (needs a WS-Security UsernameToken).',
    write: true,
    parameters: [id, ...itemFields],
    result: itemResult,
    run: async (values, { store }) => {
      const fields = fieldsOf(values)
      if (Object.keys(fields).length === 0) {
        throw SoapFaultError.client('INVALID_PARAMETERS', 'UpdateItem needs at least one field to change', {
          problems: [
            { field: '(fields)', message: 'give at least one of name, description, price, quantity, tags' },
          ],
        })
      }
      return [itemElement('item', await store.patch(values.id as string, fields))]
    },
  },
  {
    name: 'DeleteItem',
    documentation: 'Deletes an item (needs a WS-Security UsernameToken); answers the item as it was.',
    write: true,
    parameters: [id],
    result: itemResult,
    run: async (values, { store }) => [itemElement('item', await store.remove(values.id as string))],
  },
  {
    name: 'RaiseFault',
    documentation:
      'Answers the fault asked for, to try a client: code Client, Server, Sender, Receiver, VersionMismatch or MustUnderstand.',
    write: false,
    parameters: [
      { name: 'code', type: 'string', required: true, documentation: 'Which fault code to answer with.' },
      { name: 'message', type: 'string', required: true, documentation: 'The faultstring / Reason text.' },
    ],
    result: [],
    run: (values, context) =>
      raiseRequestedFault(values.code as string, values.message as string, context.endpoint),
  },
]

const byName = new Map(itemOperations.map((operation) => [operation.name, operation]))

export function findOperation(name: string): ItemOperation | undefined {
  return byName.get(name)
}
