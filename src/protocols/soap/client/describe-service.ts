import type { SoapVersionId } from '../soap-version.js'
import type { LoadedWsdl } from '../wsdl/load-wsdl.js'
import type { ReadWsdl } from '../wsdl/read-wsdl.js'
import type {
  WsdlBinding,
  WsdlBodyBinding,
  WsdlMessage,
  WsdlOperation,
  WsdlPart,
} from '../wsdl/wsdl-model.js'
import { clark, type QName } from '../xml/qname.js'
import { checkDefinitions } from './check-definitions.js'
import { describeElement, describeType, SchemaIndex, schemaWalk } from './describe-parameter.js'
import type {
  BoundOperation,
  MessageShape,
  OperationDescription,
  ParameterDescription,
  ServiceDescription,
} from './service-description.js'

type Walk = ReturnType<typeof schemaWalk>

/** Named WSDL components of every document, by `{targetNamespace}name`. */
class DefinitionIndex {
  readonly messages = new Map<string, WsdlMessage>()
  readonly portTypeOperations = new Map<string, Map<string, WsdlOperation>>()
  readonly bindings = new Map<string, WsdlBinding>()

  constructor(documents: readonly ReadWsdl[]) {
    for (const document of documents) {
      const key = (name: string) => clark({ namespace: document.targetNamespace, local: name })
      for (const message of document.messages) this.messages.set(key(message.name), message)
      for (const portType of document.portTypes) {
        this.portTypeOperations.set(
          key(portType.name),
          new Map(portType.operations.map((item) => [item.name, item])),
        )
      }
      for (const binding of document.bindings) this.bindings.set(key(binding.name), binding)
    }
  }
}

function partParameter(walk: Walk, part: WsdlPart): ParameterDescription {
  if (part.element !== undefined) {
    const element = walk.index.element(part.element)
    if (element !== undefined) return describeElement(walk, element)
    return {
      name: part.element.local,
      namespace: part.element.namespace,
      type: 'anyType',
      minOccurs: 1,
      maxOccurs: 1,
      open: true,
    }
  }
  const base: ParameterDescription = {
    name: part.name,
    namespace: '',
    type: 'anyType',
    minOccurs: 1,
    maxOccurs: 1,
  }
  return part.type === undefined ? { ...base, open: true } : { ...base, ...describeType(walk, part.type) }
}

/**
 * The Body of a message as the binding lays it out. rpc: a wrapper named
 * after the operation (+ `Response`) in soap:body's namespace, one
 * unqualified child per part. document: one part whose element is complex is
 * the wrapper (wrapped, or bare with one complex part); otherwise the parts'
 * elements are the Body's children.
 */
function messageShape(
  walk: Walk,
  message: WsdlMessage | undefined,
  body: WsdlBodyBinding,
  style: 'document' | 'rpc',
  wrapperName: string,
): MessageShape {
  const wanted = body.parts
  const parts = (message?.parts ?? []).filter((part) => wanted === undefined || wanted.includes(part.name))
  if (style === 'rpc') {
    const element: QName = { namespace: body.namespace ?? '', local: wrapperName }
    return {
      element,
      parameters: parts.map((part) => ({ ...partParameter(walk, part), name: part.name, namespace: '' })),
    }
  }
  if (message === undefined) return { parameters: [], open: true }
  const described = parts.map((part) => partParameter(walk, part))
  const only = described[0]
  if (described.length === 1 && only !== undefined && (only.children !== undefined || only.open)) {
    return {
      element: { namespace: only.namespace, local: only.name },
      parameters: only.children ?? [],
      open: only.open,
    }
  }
  return { parameters: described }
}

function bindOperation(
  walk: Walk,
  definitions: DefinitionIndex,
  binding: WsdlBinding,
  operation: WsdlBinding['operations'][number],
  abstract: WsdlOperation | undefined,
): BoundOperation {
  const style = operation.style ?? binding.style
  const message = (name: QName | undefined) =>
    name === undefined ? undefined : definitions.messages.get(clark(name))
  const output = abstract?.output === undefined ? undefined : message(abstract.output)
  return {
    action: operation.soapAction,
    style,
    input: messageShape(walk, message(abstract?.input), operation.input, style, operation.name),
    output:
      output === undefined
        ? undefined
        : messageShape(walk, output, operation.output, style, `${operation.name}Response`),
  }
}

/** Bindings in the order their ports appear, then any that no port uses. */
function orderedBindings(loaded: LoadedWsdl, definitions: DefinitionIndex): WsdlBinding[] {
  const ordered: WsdlBinding[] = []
  for (const document of loaded.documents) {
    for (const service of document.services) {
      for (const port of service.ports) {
        const binding = definitions.bindings.get(clark(port.binding))
        if (binding !== undefined && !ordered.includes(binding)) ordered.push(binding)
      }
    }
  }
  for (const binding of definitions.bindings.values()) if (!ordered.includes(binding)) ordered.push(binding)
  return ordered
}

/** Digests a loaded WSDL into what a call needs (see ServiceDescription); WsdlReadError when it refers to what it does not define. */
export function describeService(loaded: LoadedWsdl): ServiceDescription {
  const schemas = new SchemaIndex(loaded.schemas)
  checkDefinitions(loaded, schemas)
  const walk = schemaWalk(schemas)
  const definitions = new DefinitionIndex(loaded.documents)
  const endpoints: Partial<Record<SoapVersionId, string>> = {}
  for (const document of loaded.documents) {
    for (const service of document.services) {
      for (const port of service.ports) {
        if (definitions.bindings.has(clark(port.binding)) && port.address !== '')
          endpoints[port.version] ??= port.address
      }
    }
  }
  const operations = new Map<
    string,
    { name: string; documentation?: string; bindings: OperationDescription['bindings'] }
  >()
  for (const binding of orderedBindings(loaded, definitions)) {
    const abstract = definitions.portTypeOperations.get(clark(binding.type))
    for (const operation of binding.operations) {
      const entry = operations.get(operation.name) ?? { name: operation.name, bindings: {} }
      operations.set(operation.name, entry)
      if (entry.bindings[binding.version] !== undefined) continue
      const declared = abstract?.get(operation.name)
      entry.documentation ??= declared?.documentation
      entry.bindings[binding.version] = bindOperation(walk, definitions, binding, operation, declared)
    }
  }
  const main = loaded.documents[0]!
  return {
    name: main.name ?? main.services[0]?.name,
    targetNamespace: main.targetNamespace,
    documentation: main.documentation,
    endpoints,
    operations: [...operations.values()],
  }
}
