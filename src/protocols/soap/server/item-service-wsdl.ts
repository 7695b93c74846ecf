import { soap11, soap12, soapVersions } from '../soap-version.js'
import type { SchemaElement, WsdlBinding, WsdlDocument, XmlSchema } from '../wsdl/wsdl-model.js'
import { xsdNamespace } from '../xml/qname.js'
import { type ItemOperation, itemOperations } from './item-operations.js'
import { itemsNamespace, portTypeName, serviceName, soapActionFor, tns } from './item-service.js'
import type { ParameterSpec } from './read-parameters.js'

const xs = (local: string) => ({ namespace: xsdNamespace, local })
const xsdTypes = { string: xs('string'), int: xs('int'), decimal: xs('decimal'), boolean: xs('boolean') }
const faultName = 'ItemFault'

function parameterElement(spec: ParameterSpec): SchemaElement {
  return {
    name: spec.name,
    type: xsdTypes[spec.type],
    minOccurs: spec.required ? undefined : 0,
    maxOccurs: spec.repeated ? 'unbounded' : undefined,
    nillable: spec.nillable,
    documentation: spec.documentation,
  }
}

function operationElements(operation: ItemOperation): SchemaElement[] {
  return [
    {
      name: operation.name,
      documentation: operation.documentation,
      complexType: { sequence: operation.parameters.map(parameterElement) },
    },
    { name: `${operation.name}Response`, complexType: { sequence: operation.result } },
  ]
}

const schema: XmlSchema = {
  targetNamespace: itemsNamespace,
  elementFormDefault: 'qualified',
  elements: [
    ...itemOperations.flatMap(operationElements),
    { name: faultName, type: tns('ItemFaultDetail'), documentation: 'The detail of a fault about the Body.' },
  ],
  complexTypes: [
    {
      name: 'Item',
      sequence: [
        { name: 'id', type: xs('string') },
        { name: 'name', type: xs('string') },
        { name: 'description', type: xs('string'), nillable: true },
        { name: 'price', type: xs('decimal') },
        { name: 'quantity', type: xs('int') },
        { name: 'tags', type: xs('string'), minOccurs: 0, maxOccurs: 'unbounded' },
        { name: 'createdAt', type: xs('dateTime') },
        { name: 'updatedAt', type: xs('dateTime') },
      ],
    },
    {
      name: 'ItemList',
      sequence: [{ name: 'item', type: tns('Item'), minOccurs: 0, maxOccurs: 'unbounded' }],
    },
    {
      name: 'FieldProblem',
      sequence: [
        { name: 'field', type: xs('string') },
        { name: 'message', type: xs('string') },
      ],
    },
    {
      name: 'ItemFaultDetail',
      sequence: [
        {
          name: 'code',
          type: xs('string'),
          documentation: 'NOT_FOUND, INVALID_INPUT, INVALID_PARAMETERS, …',
        },
        { name: 'message', type: xs('string') },
        { name: 'problem', type: tns('FieldProblem'), minOccurs: 0, maxOccurs: 'unbounded' },
      ],
    },
  ],
}

function binding(name: string, version: typeof soap11): WsdlBinding {
  return {
    name,
    type: tns(portTypeName),
    version: version.id,
    style: 'document',
    transport: version.httpTransport,
    operations: itemOperations.map((operation) => ({
      name: operation.name,
      soapAction: soapActionFor(operation.name),
      style: 'document',
      input: { use: 'literal' },
      output: { use: 'literal' },
      faults: [{ name: faultName, use: 'literal' }],
    })),
  }
}

const bindingNames = { '1.1': 'ItemsSoap11Binding', '1.2': 'ItemsSoap12Binding' } as const
const portNames = { '1.1': 'ItemsSoap11Port', '1.2': 'ItemsSoap12Port' } as const

/** The service's WSDL as data: document/literal wrapped, a SOAP 1.1 and a 1.2 binding, both ports at `address`. */
export function itemServiceDescription(address: string): WsdlDocument {
  return {
    targetNamespace: itemsNamespace,
    name: serviceName,
    documentation:
      'The apictl reference server: items over SOAP 1.1 and 1.2. Writes need a WS-Security UsernameToken (demo / demo).',
    schemas: [schema],
    messages: [
      ...itemOperations.flatMap((operation) => [
        { name: `${operation.name}Request`, parts: [{ name: 'parameters', element: tns(operation.name) }] },
        {
          name: `${operation.name}Response`,
          parts: [{ name: 'parameters', element: tns(`${operation.name}Response`) }],
        },
      ]),
      { name: faultName, parts: [{ name: 'fault', element: tns(faultName) }] },
    ],
    portTypes: [
      {
        name: portTypeName,
        operations: itemOperations.map((operation) => ({
          name: operation.name,
          documentation: operation.documentation,
          input: tns(`${operation.name}Request`),
          output: tns(`${operation.name}Response`),
          faults: [{ name: faultName, message: tns(faultName) }],
        })),
      },
    ],
    bindings: [binding(bindingNames['1.1'], soap11), binding(bindingNames['1.2'], soap12)],
    services: [
      {
        name: serviceName,
        ports: soapVersions.map((version) => ({
          name: portNames[version.id],
          binding: tns(bindingNames[version.id]),
          address,
          version: version.id,
        })),
      },
    ],
  }
}
