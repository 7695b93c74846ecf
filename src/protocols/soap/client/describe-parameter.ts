import type { ReadComplexType, ReadSchemaElement, ReadSimpleType } from '../wsdl/read-schema.js'
import { WsdlReadError } from '../wsdl/read-wsdl.js'
import { clark, type QName, xsdNamespace } from '../xml/qname.js'
import type { SchemaIndex } from './schema-index.js'
import type { ParameterDescription, TypeDescription } from './service-description.js'

/**
 * Past this many parameter descriptions (fields of every complex type the
 * operations reach, counted once per type) a WSDL is refused with a clear
 * error instead of growing without bound. Microsoft Exchange's EWS, the
 * largest description we know, needs about 17,000.
 */
export const maxDescribedParameters = 500_000

interface Simple {
  type: string
  base?: string | undefined
  enumeration?: readonly string[] | undefined
}

type Described = Pick<
  ParameterDescription,
  'type' | 'xsdType' | 'base' | 'enumeration' | 'children' | 'open' | 'typeRef' | 'arrayOf'
>

/**
 * Describes schema components as parameters, each complex type once: a
 * parameter of a named complex type (or of a global element's anonymous one)
 * refers to it by `typeRef`, and its fields are described the first time a
 * reference is made, into `types`. Recursive and shared types thus cost one
 * entry, however deep the documents nest them (the old walk expanded every
 * path down to 12 levels and ran out of memory on EWS).
 */
export class TypeDescriber {
  readonly types: Record<string, TypeDescription> = Object.create(null)
  private readonly pending = new Set<string>()
  private count = 0

  constructor(readonly index: SchemaIndex) {}

  /**
   * A schema element as a parameter: name, namespace, type and, for a complex
   * one, its fields. `global`: the element is a global one (a part's), not
   * one declared inside a content model.
   */
  element(element: ReadSchemaElement, global = false): ParameterDescription {
    const target = element.ref === undefined ? element : this.index.element(element.ref)
    const named: ParameterDescription = {
      name: target?.name ?? element.name,
      namespace: target?.namespace ?? element.ref?.namespace ?? element.namespace,
      type: 'anyType',
      minOccurs: element.minOccurs ?? 1,
      maxOccurs: element.maxOccurs ?? 1,
      nillable: target?.nillable,
      documentation: target?.documentation ?? element.documentation,
      ...(element.requiredChoice ? { requiredChoice: true } : {}),
    }
    this.counted()
    if (target === undefined) return { ...named, open: true }
    if (target.complexType !== undefined) {
      if (element.ref === undefined && !global) {
        return { ...named, type: target.name, ...this.complex(target.complexType) }
      }
      return { ...named, type: target.name, typeRef: this.globalElementType(target) }
    }
    if (target.simpleType !== undefined) return { ...named, ...this.simple(target.simpleType, 'string') }
    if (target.type === undefined) return { ...named, open: true }
    return { ...named, ...this.type(target.type) }
  }

  /** What a named type says about a value of it. */
  type(type: QName): Described {
    const xsdType = clark(type)
    if (type.namespace === xsdNamespace) {
      return type.local === 'anyType'
        ? { type: 'anyType', xsdType, open: true }
        : { type: type.local, xsdType, base: type.local }
    }
    const simple = this.index.simpleTypes.get(xsdType)
    if (simple !== undefined) return { ...this.simple(simple, type.local), xsdType }
    const complex = this.index.complexTypes.get(xsdType)
    if (complex === undefined) return { type: type.local, xsdType, open: true }
    if (complex.textType !== undefined) return { type: type.local, xsdType, ...this.textOnly(complex) }
    if (complex.arrayType !== undefined) return { type: type.local, xsdType, ...this.encodedArray(complex) }
    this.define(xsdType, complex)
    return { type: type.local, xsdType, typeRef: xsdType }
  }

  /** The fields of a described type (for a message's wrapper element). */
  fields(typeRef: string): TypeDescription {
    return this.types[typeRef] ?? { fields: [], open: true }
  }

  /** A global element's anonymous complex type, keyed by the element (`{ns}Name element`). */
  private globalElementType(element: ReadSchemaElement): string {
    const key = `${clark({ namespace: element.namespace, local: element.name })} element`
    this.define(key, element.complexType!)
    return key
  }

  private define(key: string, complex: ReadComplexType): void {
    if (this.types[key] !== undefined || this.pending.has(key)) return
    this.pending.add(key)
    // Placed first, so a type met again inside itself refers to this entry instead of describing it again.
    const entry: { fields: readonly ParameterDescription[]; open?: boolean } = { fields: [] }
    this.types[key] = entry
    const described = this.complex(complex)
    entry.fields = described.children ?? []
    if (described.open) entry.open = true
    this.pending.delete(key)
  }

  private complex(
    type: ReadComplexType,
  ): Pick<ParameterDescription, 'children' | 'open' | 'base' | 'arrayOf'> {
    if (type.textType !== undefined) return this.textOnly(type)
    if (type.arrayType !== undefined) return this.encodedArray(type)
    const children: ParameterDescription[] = []
    let open = type.open === true
    if (type.base !== undefined && type.base.namespace !== xsdNamespace) {
      const key = clark(type.base)
      const base = this.index.complexTypes.get(key)
      if (base === undefined || this.pending.has(key)) open = true
      else {
        this.define(key, base)
        const inherited = this.fields(key)
        children.push(...inherited.fields)
        open ||= inherited.open === true
      }
    }
    for (const element of type.sequence) children.push(...this.particle(element))
    for (const attribute of type.attributes ?? []) children.push(...this.attribute(attribute))
    return { children, open: open ? true : undefined }
  }

  /** An attribute as a parameter flagged `attribute` (an attribute group: each of its attributes). */
  private attribute(declared: ReadSchemaElement, depth = 0): ParameterDescription[] {
    if (declared.group !== undefined) {
      const group = this.index.attributeGroups.get(clark(declared.group)) ?? []
      return depth > 10 ? [] : group.flatMap((member) => this.attribute(member, depth + 1))
    }
    const target =
      declared.ref === undefined ? declared : (this.index.attributes.get(clark(declared.ref)) ?? declared)
    this.counted()
    const simple =
      target.simpleType !== undefined
        ? this.simple(target.simpleType, 'string')
        : target.type !== undefined
          ? this.type(target.type)
          : { type: 'string', base: 'string' }
    return [
      {
        name: target.name,
        namespace: declared.ref?.namespace ?? declared.namespace,
        minOccurs: declared.minOccurs ?? 0,
        maxOccurs: 1,
        attribute: true,
        documentation: target.documentation,
        type: simple.type,
        base: simple.base,
        enumeration: simple.enumeration,
        ...(target.default === undefined ? {} : { default: target.default }),
      },
    ]
  }

  /** One element of a content model: itself, or the elements of a group, or a substitution group's members. */
  private particle(element: ReadSchemaElement): ParameterDescription[] {
    if (element.group !== undefined) {
      const group = this.index.groups.get(clark(element.group)) ?? []
      const optional = element.minOccurs === 0
      return group.flatMap((member) => this.particle(optional ? { ...member, minOccurs: 0 } : member))
    }
    const head = element.ref === undefined ? undefined : this.index.element(element.ref)
    const members = head === undefined ? [] : this.index.substitutes(head)
    if (members.length === 0) return [this.element(element)]
    // A head with substitutes is a choice among them (and itself, unless abstract).
    const choices = head!.abstract ? members : [head!, ...members]
    return choices.map((member) => ({
      ...this.element({ ...element, ref: { namespace: member.namespace, local: member.name } }),
      minOccurs: 0,
    }))
  }

  private textOnly(type: ReadComplexType): Pick<ParameterDescription, 'base'> {
    const text = type.textType!
    if (text.namespace === xsdNamespace) return { base: text.local }
    const simple = this.index.simpleTypes.get(clark(text))
    return simple === undefined ? {} : { base: this.simple(simple, text.local).base }
  }

  /** A SOAP-encoded array: its items, each an `item` element of the array's item type. */
  private encodedArray(type: ReadComplexType): Pick<ParameterDescription, 'children' | 'arrayOf'> {
    const itemType = type.arrayType!
    this.counted()
    const item: ParameterDescription = {
      name: 'item',
      namespace: '',
      minOccurs: 0,
      maxOccurs: 'unbounded',
      ...this.type(itemType),
    }
    return { children: [item], arrayOf: clark(itemType) }
  }

  /** A simple type followed down its restriction bases to the XML Schema built-in it rests on. */
  private simple(type: ReadSimpleType, display: string): Simple {
    let enumeration = type.enumeration
    let base = type.base
    for (let step = 0; base !== undefined && base.namespace !== xsdNamespace && step < 20; step++) {
      const next = this.index.simpleTypes.get(clark(base))
      if (next === undefined) break
      enumeration ??= next.enumeration
      base = next.base
    }
    return {
      type: display,
      base: base?.namespace === xsdNamespace && !type.list ? base.local : type.list ? 'string' : undefined,
      enumeration,
    }
  }

  private counted(): void {
    if (++this.count > maxDescribedParameters) {
      throw new WsdlReadError(
        `the WSDL describes more than ${maxDescribedParameters.toLocaleString('en')} parameters; refusing to read further`,
        {
          hint: 'A WSDL this large is not supported; use a trimmed copy with the operations you need (--wsdl FILE).',
        },
      )
    }
  }
}
