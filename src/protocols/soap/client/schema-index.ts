import type { ReadComplexType, ReadSchema, ReadSchemaElement, ReadSimpleType } from '../wsdl/read-schema.js'
import { clark, type QName } from '../xml/qname.js'

/** The global components of every schema a WSDL brought, by `{namespace}local`. */
export class SchemaIndex {
  readonly elements = new Map<string, ReadSchemaElement>()
  readonly complexTypes = new Map<string, ReadComplexType>()
  readonly simpleTypes = new Map<string, ReadSimpleType>()
  readonly groups = new Map<string, readonly ReadSchemaElement[]>()
  readonly attributes = new Map<string, ReadSchemaElement>()
  readonly attributeGroups = new Map<string, readonly ReadSchemaElement[]>()
  /** Substitution group heads → the global elements that may stand for them. */
  private readonly members = new Map<string, ReadSchemaElement[]>()

  constructor(schemas: readonly ReadSchema[]) {
    for (const schema of schemas) {
      const key = (name: string | undefined) =>
        clark({ namespace: schema.targetNamespace, local: name ?? '' })
      for (const element of schema.elements) {
        if (this.elements.has(key(element.name))) continue
        this.elements.set(key(element.name), element)
        if (element.substitutionGroup !== undefined) {
          const head = clark(element.substitutionGroup)
          this.members.set(head, [...(this.members.get(head) ?? []), element])
        }
      }
      for (const type of schema.complexTypes)
        if (type.name !== undefined) this.complexTypes.set(key(type.name), type)
      for (const type of schema.simpleTypes)
        if (type.name !== undefined) this.simpleTypes.set(key(type.name), type)
      for (const group of schema.groups) this.groups.set(key(group.name), group.elements)
      for (const attribute of schema.attributes) this.attributes.set(key(attribute.name), attribute)
      for (const group of schema.attributeGroups) this.attributeGroups.set(key(group.name), group.elements)
    }
  }

  element(name: QName): ReadSchemaElement | undefined {
    return this.elements.get(clark(name))
  }

  /** The elements that may stand for `head`, members of members included, in document order. */
  substitutes(head: ReadSchemaElement): ReadSchemaElement[] {
    const found: ReadSchemaElement[] = []
    const visit = (element: ReadSchemaElement) => {
      for (const member of this.members.get(clark({ namespace: element.namespace, local: element.name })) ??
        []) {
        if (found.includes(member) || member === head) continue
        found.push(member)
        visit(member)
      }
    }
    visit(head)
    return found
  }
}
