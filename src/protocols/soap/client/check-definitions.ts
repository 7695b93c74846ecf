import type { LoadedWsdl } from '../wsdl/load-wsdl.js'
import { WsdlReadError } from '../wsdl/read-wsdl.js'
import { clark, type QName } from '../xml/qname.js'
import type { SchemaIndex } from './describe-parameter.js'

/** How many problems the message names before "and N more". */
const shown = 3

/**
 * The references a WSDL makes that nothing defines: a binding's portType,
 * a binding operation its portType lacks, an operation's input or output
 * message, a part's element that no schema declares. zeep refuses such a
 * WSDL; so do we (WsdlReadError), rather than build envelopes from guesses.
 */
export function checkDefinitions(loaded: LoadedWsdl, schemas: SchemaIndex): void {
  const key = (namespace: string, name: string) => clark({ namespace, local: name })
  const messages = new Set<string>()
  const portTypes = new Map<string, Set<string>>()
  for (const document of loaded.documents) {
    for (const message of document.messages) messages.add(key(document.targetNamespace, message.name))
    for (const portType of document.portTypes) {
      portTypes.set(
        key(document.targetNamespace, portType.name),
        new Set(portType.operations.map((operation) => operation.name)),
      )
    }
  }
  const problems: string[] = []
  const missingMessage = (name: QName | undefined) => name !== undefined && !messages.has(clark(name))
  for (const document of loaded.documents) {
    for (const binding of document.bindings) {
      const operations = portTypes.get(clark(binding.type))
      if (operations === undefined) {
        problems.push(
          `binding ${binding.name} is of portType ${clark(binding.type)}, which the WSDL does not define`,
        )
        continue
      }
      for (const operation of binding.operations) {
        if (!operations.has(operation.name)) {
          problems.push(
            `binding ${binding.name} has operation ${operation.name}, which its portType ${binding.type.local} does not declare`,
          )
        }
      }
    }
    for (const portType of document.portTypes) {
      for (const operation of portType.operations) {
        for (const [what, name] of [
          ['input', operation.input],
          ['output', operation.output],
        ] as const) {
          if (missingMessage(name)) {
            problems.push(
              `operation ${operation.name} of portType ${portType.name} has ${what} message ${clark(name!)}, which the WSDL does not define`,
            )
          }
        }
      }
    }
    for (const message of document.messages) {
      for (const part of message.parts) {
        if (part.element !== undefined && schemas.element(part.element) === undefined) {
          problems.push(
            `part ${part.name} of message ${message.name} is element ${clark(part.element)}, which no schema in the WSDL declares`,
          )
        }
      }
    }
  }
  if (problems.length === 0) return
  const more = problems.length > shown ? `; and ${problems.length - shown} more` : ''
  throw new WsdlReadError(`${problems.slice(0, shown).join('; ')}${more}`, {
    hint: 'The WSDL refers to definitions it does not have (zeep refuses it too): fix it, or use a corrected copy (--wsdl FILE).',
  })
}
