import type { SoapVersionId } from '../soap-version.js'
import type { LoadedWsdl } from '../wsdl/load-wsdl.js'
import type { ReadWsdl } from '../wsdl/read-wsdl.js'
import type {
  WsdlBinding,
  WsdlBindingOperation,
  WsdlBodyBinding,
  WsdlMessage,
  WsdlOperation,
  WsdlPart,
} from '../wsdl/wsdl-model.js'
import { clark, type QName } from '../xml/qname.js'
import { TypeDescriber } from './describe-parameter.js'
import { SchemaIndex } from './schema-index.js'
import {
  type BoundOperation,
  linkService,
  type MessageShape,
  type OperationDescription,
  type ParameterDescription,
  type ServiceDescription,
} from './service-description.js'

/** The SOAP 1.1 encoding, for a `use="encoded"` body that names no encodingStyle. */
export const soapEncoding = 'http://schemas.xmlsoap.org/soap/encoding/'

/** Named WSDL components of every document, by `{targetNamespace}name`. */
class DefinitionIndex {
  readonly messages = new Map<string, WsdlMessage>()
  readonly portTypes = new Map<string, { name: string; operations: Map<string, WsdlOperation> }>()
  readonly bindings = new Map<string, WsdlBinding>()

  constructor(documents: readonly ReadWsdl[]) {
    for (const document of documents) {
      const key = (name: string) => clark({ namespace: document.targetNamespace, local: name })
      for (const message of document.messages) this.messages.set(key(message.name), message)
      for (const portType of document.portTypes) {
        this.portTypes.set(key(portType.name), {
          name: portType.name,
          operations: new Map(portType.operations.map((item) => [item.name, item])),
        })
      }
      for (const binding of document.bindings) this.bindings.set(key(binding.name), binding)
    }
  }
}

/** A definition the WSDL refers to but does not have: stops the operation that needs it. */
class MissingDefinition extends Error {}

class OperationDescriber {
  constructor(
    private readonly types: TypeDescriber,
    private readonly definitions: DefinitionIndex,
  ) {}

  message(name: QName, what: string): WsdlMessage {
    const found = this.definitions.messages.get(clark(name))
    if (found === undefined)
      throw new MissingDefinition(`its ${what} message ${clark(name)} is not defined in the WSDL`)
    return found
  }

  part(message: WsdlMessage, part: WsdlPart): ParameterDescription {
    if (part.element !== undefined) {
      const element = this.types.index.element(part.element)
      if (element === undefined) {
        throw new MissingDefinition(
          `part ${part.name} of message ${message.name} is element ${clark(part.element)}, which no schema in the WSDL declares`,
        )
      }
      return this.types.element(element, true)
    }
    const base: ParameterDescription = {
      name: part.name,
      namespace: '',
      type: 'anyType',
      minOccurs: 1,
      maxOccurs: 1,
    }
    return part.type === undefined ? { ...base, open: true } : { ...base, ...this.types.type(part.type) }
  }

  /** The header entries a binding declares for a message, each optional (sent when given, as zeep does). */
  private headers(body: WsdlBodyBinding): ParameterDescription[] | undefined {
    if (body.headers === undefined) return undefined
    return body.headers.map((header) => {
      const message = this.message(header.message, 'header')
      const part = message.parts.find((item) => item.name === header.part)
      if (part === undefined) {
        throw new MissingDefinition(`its header part ${header.part} is not in message ${message.name}`)
      }
      const described = this.part(message, part)
      const namespace = part.element === undefined ? (header.namespace ?? '') : described.namespace
      return { ...described, namespace, minOccurs: 0 }
    })
  }

  /**
   * The Body of a message as the binding lays it out (as zeep reads it).
   * Parts bound by soap:header are left out of the Body. rpc: a wrapper named
   * after the operation (+ `Response`) in soap:body's namespace, one child per
   * part (unqualified for a typed part, the element itself for an element
   * part). document: one part whose element is complex is the wrapper
   * (wrapped, or bare with one complex part); otherwise the parts' elements
   * are the Body's children.
   */
  shape(
    messageName: QName | undefined,
    what: 'input' | 'output',
    body: WsdlBodyBinding,
    style: 'document' | 'rpc',
    wrapperName: string,
  ): MessageShape {
    const message = messageName === undefined ? undefined : this.message(messageName, what)
    const headers = this.headers(body)
    const inHeader = new Set(
      (body.headers ?? [])
        .filter((header) => messageName !== undefined && clark(header.message) === clark(messageName))
        .map((header) => header.part),
    )
    const parts = (message?.parts ?? []).filter(
      (part) => !inHeader.has(part.name) && (body.parts === undefined || body.parts.includes(part.name)),
    )
    const encoding =
      body.use === 'encoded' ? { encodingStyle: body.encodingStyle?.split(/\s+/)[0] || soapEncoding } : {}
    const extra = { ...(headers === undefined ? {} : { headers }), ...encoding }
    if (style === 'rpc') {
      const element: QName = { namespace: body.namespace ?? '', local: wrapperName }
      return {
        element,
        parameters: parts
          .map((part) => this.part(message!, part))
          .map((parameter) => ({ ...parameter, minOccurs: 1 })),
        ...extra,
      }
    }
    if (message === undefined) return { parameters: [], open: true, ...extra }
    const described = parts.map((part) => this.part(message, part))
    const only = described[0]
    if (
      described.length === 1 &&
      only !== undefined &&
      (only.typeRef !== undefined || only.children !== undefined || only.open)
    ) {
      const fields =
        only.typeRef === undefined
          ? { fields: only.children ?? [], open: only.open }
          : this.types.fields(only.typeRef)
      return {
        element: { namespace: only.namespace, local: only.name },
        parameters: fields.fields,
        open: fields.open,
        ...extra,
      }
    }
    return { parameters: described, ...extra }
  }

  bind(binding: WsdlBinding, operation: WsdlBindingOperation, abstract: WsdlOperation): BoundOperation {
    const style = operation.style ?? binding.style
    for (const fault of abstract.faults) this.message(fault.message, `fault ${fault.name}`)
    return {
      action: operation.soapAction,
      style,
      input: this.shape(abstract.input, 'input', operation.input, style, operation.name),
      output:
        abstract.output === undefined
          ? undefined
          : this.shape(abstract.output, 'output', operation.output, style, `${operation.name}Response`),
    }
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

interface OperationEntry {
  name: string
  documentation?: string
  problem?: string
  bindings: OperationDescription['bindings']
}

/** Why a binding's operation cannot be described, or its binding. */
function bindOrProblem(
  describer: OperationDescriber,
  definitions: DefinitionIndex,
  binding: WsdlBinding,
  operation: WsdlBindingOperation,
): { bound: BoundOperation; abstract?: WsdlOperation } | { problem: string } {
  const portType = definitions.portTypes.get(clark(binding.type))
  if (portType === undefined) {
    return {
      problem: `binding ${binding.name} is of portType ${clark(binding.type)}, which the WSDL does not define`,
    }
  }
  const abstract = portType.operations.get(operation.name)
  if (abstract === undefined) {
    return {
      problem: `binding ${binding.name} has it, but its portType ${portType.name} does not declare it`,
    }
  }
  try {
    return { bound: describer.bind(binding, operation, abstract), abstract }
  } catch (error) {
    if (error instanceof MissingDefinition) return { problem: error.message }
    throw error
  }
}

/** How many operations the warning names before "and N more". */
const shown = 5

/** One sentence naming the operations a dangling reference stops, with why. */
function problemWarning(operations: readonly OperationEntry[]): string[] {
  const stopped = operations.filter((operation) => operation.problem !== undefined)
  if (stopped.length === 0) return []
  const named = stopped.slice(0, shown).map((operation) => `${operation.name} (${operation.problem})`)
  const more = stopped.length > shown ? `; and ${stopped.length - shown} more` : ''
  const count = stopped.length === 1 ? '1 operation' : `${stopped.length} operations`
  return [
    `the WSDL refers to definitions it does not have, so ${count} cannot be called: ${named.join('; ')}${more}; the others can`,
  ]
}

/**
 * Digests a loaded WSDL into what a call needs (see ServiceDescription). A
 * reference to a definition the WSDL lacks stops only the operations that
 * need it: they are listed with their `problem` and named in `warnings`.
 * Complex types are described once each, as the operations reach them.
 */
export function describeService(loaded: LoadedWsdl): ServiceDescription {
  const types = new TypeDescriber(new SchemaIndex(loaded.schemas))
  const definitions = new DefinitionIndex(loaded.documents)
  const describer = new OperationDescriber(types, definitions)
  const endpoints: Partial<Record<SoapVersionId, string>> = {}
  for (const document of loaded.documents) {
    for (const service of document.services) {
      for (const port of service.ports) {
        if (definitions.bindings.has(clark(port.binding)) && port.address !== '')
          endpoints[port.version] ??= port.address
      }
    }
  }
  const operations = new Map<string, OperationEntry>()
  for (const binding of orderedBindings(loaded, definitions)) {
    for (const operation of binding.operations) {
      const entry = operations.get(operation.name) ?? { name: operation.name, bindings: {} }
      operations.set(operation.name, entry)
      if (entry.bindings[binding.version] !== undefined) continue
      const result = bindOrProblem(describer, definitions, binding, operation)
      if ('problem' in result) {
        entry.problem ??= result.problem
        entry.bindings[binding.version] = {
          action: operation.soapAction,
          style: operation.style ?? binding.style,
          input: { parameters: [], open: true },
        }
        continue
      }
      entry.documentation ??= result.abstract?.documentation
      entry.bindings[binding.version] = result.bound
    }
  }
  const main = loaded.documents[0]!
  const described = [...operations.values()]
  const warnings = [...(loaded.skipped ?? []), ...problemWarning(described)]
  return linkService({
    name: main.name ?? main.services[0]?.name,
    targetNamespace: main.targetNamespace,
    documentation: main.documentation,
    endpoints,
    operations: described,
    types: types.types,
    ...(warnings.length === 0 ? {} : { warnings }),
  })
}
