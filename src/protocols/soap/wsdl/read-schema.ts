import { type QName, xsdNamespace } from '../xml/qname.js'
import { childElements, resolveQName, textContent, type XmlElement } from '../xml/xml-element.js'
import type { SchemaComplexType, SchemaElement, XmlSchema } from './wsdl-model.js'

/**
 * What a client reads from an XML Schema, a little more than the shared
 * model keeps: the namespace each element is in, `ref`, simple types with
 * their base and enumeration, a complex type's base, and open content.
 */
export interface ReadSchemaElement extends SchemaElement {
  /** The namespace the element is in: the target namespace when global or qualified, else ''. */
  readonly namespace: string
  /** `<xs:element ref="tns:X"/>`: the global element it stands for. */
  readonly ref?: QName | undefined
  readonly complexType?: ReadComplexType | undefined
  readonly simpleType?: ReadSimpleType | undefined
  /** A global element that may stand for the head element named here (`substitutionGroup`). */
  readonly substitutionGroup?: QName | undefined
  /** `abstract="true"`: only its substitution group's members appear in a document. */
  readonly abstract?: boolean | undefined
  /** `<xs:group ref="tns:G"/>` in a content model: the named group's elements stand here. */
  readonly group?: QName | undefined
  /**
   * An attribute of the type rather than a child element (`xs:attribute`):
   * minOccurs 1 when `use="required"`. With `group`, an `xs:attributeGroup` reference.
   */
  readonly attribute?: boolean | undefined
  /** An attribute's `default`: the value it has when left out. */
  readonly default?: string | undefined
  /** A member of an `xs:choice` that must be made (minOccurs ≥ 1): optional alone, but one of them is needed. */
  readonly requiredChoice?: boolean | undefined
}

export interface ReadComplexType extends SchemaComplexType {
  readonly sequence: readonly ReadSchemaElement[]
  /** complexContent extension (or restriction) base: its children come first. */
  readonly base?: QName | undefined
  /** simpleContent: the element holds text of this type. */
  readonly textType?: QName | undefined
  /** `xs:any` inside: children the schema does not name are allowed. */
  readonly open?: boolean | undefined
  /** A SOAP-encoded array (restriction of soapenc:Array): the type of its items (`wsdl:arrayType`). */
  readonly arrayType?: QName | undefined
  /** Its attributes (and attribute group references), as elements flagged `attribute`. */
  readonly attributes?: readonly ReadSchemaElement[] | undefined
}

export interface ReadSimpleType {
  readonly name?: string | undefined
  /** restriction base, or the item type of a list. */
  readonly base?: QName | undefined
  readonly enumeration?: readonly string[] | undefined
  readonly list?: boolean | undefined
}

export interface ReadSchema extends XmlSchema {
  readonly elements: readonly ReadSchemaElement[]
  readonly complexTypes: readonly ReadComplexType[]
  readonly simpleTypes: readonly ReadSimpleType[]
  /** `xs:include` locations (same target namespace). */
  readonly includes: readonly string[]
  /** Named model groups (`xs:group name=`): their elements, in order. */
  readonly groups: readonly { readonly name: string; readonly elements: readonly ReadSchemaElement[] }[]
  /** Global attributes and named attribute groups (`xs:attributeGroup name=`). */
  readonly attributes: readonly ReadSchemaElement[]
  readonly attributeGroups: readonly {
    readonly name: string
    readonly elements: readonly ReadSchemaElement[]
  }[]
}

const soapEncodingNamespace = 'http://schemas.xmlsoap.org/soap/encoding/'
const wsdlNamespace = 'http://schemas.xmlsoap.org/wsdl/'

const isXs = (node: XmlElement, local: string) =>
  node.name.namespace === xsdNamespace && node.name.local === local

function attr(node: XmlElement, name: string): string | undefined {
  const found = node.attributes.find((item) => item.name.namespace === '' && item.name.local === name)
  return found === undefined || typeof found.value !== 'string' ? undefined : found.value
}

function qnameAttr(node: XmlElement, name: string): QName | undefined {
  const text = attr(node, name)
  return text === undefined ? undefined : resolveQName(node, text)
}

function occurs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const value = Number.parseInt(text, 10)
  return Number.isFinite(value) ? value : undefined
}

function documentationOf(node: XmlElement): string | undefined {
  const annotation = childElements(node).find((child) => isXs(child, 'annotation'))
  const documentation = annotation && childElements(annotation).find((child) => isXs(child, 'documentation'))
  const text = documentation && textContent(documentation).trim()
  return text === '' ? undefined : text
}

interface SchemaScope {
  targetNamespace: string
  qualified: boolean
  attributesQualified?: boolean
}

/** An `xs:attribute` (local, global or a ref) or an `xs:attributeGroup` ref, as an element flagged `attribute`. */
function readAttribute(node: XmlElement, scope: SchemaScope, global: boolean): ReadSchemaElement | undefined {
  const ref = qnameAttr(node, 'ref')
  if (isXs(node, 'attributeGroup')) {
    return ref === undefined ? undefined : { name: ref.local, namespace: '', group: ref, attribute: true }
  }
  if (attr(node, 'use') === 'prohibited') return undefined
  const form = attr(node, 'form')
  const qualified = global || (form === undefined ? scope.attributesQualified === true : form === 'qualified')
  const simple = childElements(node).find((child) => isXs(child, 'simpleType'))
  return {
    name: attr(node, 'name') ?? ref?.local ?? '',
    namespace: ref?.namespace ?? (qualified ? scope.targetNamespace : ''),
    ref,
    type: qnameAttr(node, 'type'),
    simpleType: simple === undefined ? undefined : readSimpleType(simple),
    minOccurs: attr(node, 'use') === 'required' ? 1 : 0,
    maxOccurs: 1,
    attribute: true,
    default: attr(node, 'default'),
    documentation: documentationOf(node),
  }
}

/** The attributes declared directly in a complex type, or its extension or restriction. */
function readAttributes(node: XmlElement, scope: SchemaScope): ReadSchemaElement[] {
  return childElements(node)
    .filter((child) => isXs(child, 'attribute') || isXs(child, 'attributeGroup'))
    .map((child) => readAttribute(child, scope, false))
    .filter((read) => read !== undefined)
}

function readSimpleType(node: XmlElement): ReadSimpleType {
  const restriction = childElements(node).find((child) => isXs(child, 'restriction'))
  const list = childElements(node).find((child) => isXs(child, 'list'))
  const enumeration = restriction
    ? childElements(restriction)
        .filter((child) => isXs(child, 'enumeration'))
        .map((child) => attr(child, 'value') ?? '')
    : []
  return {
    name: attr(node, 'name'),
    base: restriction ? qnameAttr(restriction, 'base') : list ? qnameAttr(list, 'itemType') : undefined,
    enumeration: enumeration.length > 0 ? enumeration : undefined,
    list: list !== undefined ? true : undefined,
  }
}

function readElement(node: XmlElement, scope: SchemaScope, global: boolean): ReadSchemaElement {
  const form = attr(node, 'form')
  const qualified = global || (form === undefined ? scope.qualified : form === 'qualified')
  const complex = childElements(node).find((child) => isXs(child, 'complexType'))
  const simple = childElements(node).find((child) => isXs(child, 'simpleType'))
  const maxOccurs = attr(node, 'maxOccurs')
  const ref = qnameAttr(node, 'ref')
  return {
    name: attr(node, 'name') ?? ref?.local ?? '',
    namespace: qualified ? scope.targetNamespace : '',
    ref,
    type: qnameAttr(node, 'type'),
    complexType: complex === undefined ? undefined : readComplexType(complex, scope),
    simpleType: simple === undefined ? undefined : readSimpleType(simple),
    minOccurs: occurs(attr(node, 'minOccurs')),
    maxOccurs: maxOccurs === 'unbounded' ? 'unbounded' : occurs(maxOccurs),
    nillable: attr(node, 'nillable') === 'true' ? true : undefined,
    documentation: documentationOf(node),
    substitutionGroup: global ? qnameAttr(node, 'substitutionGroup') : undefined,
    abstract: global && attr(node, 'abstract') === 'true' ? true : undefined,
  }
}

/** `<xs:group ref=…/>` as a stand-in element the describer replaces with the group's elements. */
function groupReference(node: XmlElement, optional: boolean): ReadSchemaElement | undefined {
  const group = qnameAttr(node, 'ref')
  if (group === undefined) return undefined
  const maxOccurs = attr(node, 'maxOccurs')
  return {
    name: group.local,
    namespace: '',
    group,
    minOccurs: optional ? 0 : occurs(attr(node, 'minOccurs')),
    maxOccurs: maxOccurs === 'unbounded' ? 'unbounded' : occurs(maxOccurs),
  }
}

interface Particles {
  elements: ReadSchemaElement[]
  open: boolean
}

/** sequence / all / choice, nested in any way, flattened in document order; a choice's members are optional. */
function readParticles(node: XmlElement, scope: SchemaScope, optional: boolean, into: Particles): Particles {
  for (const child of childElements(node)) {
    if (isXs(child, 'element')) {
      const read = readElement(child, scope, false)
      into.elements.push(optional ? { ...read, minOccurs: 0 } : read)
    } else if (isXs(child, 'sequence') || isXs(child, 'all')) {
      readParticles(child, scope, optional || attr(child, 'minOccurs') === '0', into)
    } else if (isXs(child, 'choice')) {
      const start = into.elements.length
      readParticles(child, scope, true, into)
      if (!optional && attr(child, 'minOccurs') !== '0') {
        for (let index = start; index < into.elements.length; index++)
          into.elements[index] = { ...into.elements[index]!, requiredChoice: true }
      }
    } else if (isXs(child, 'group')) {
      const reference = groupReference(child, optional)
      if (reference !== undefined) into.elements.push(reference)
    } else if (isXs(child, 'any')) into.open = true
  }
  return into
}

function readComplexType(node: XmlElement, scope: SchemaScope): ReadComplexType {
  let body = node
  let base: QName | undefined
  let textType: QName | undefined
  let arrayType: QName | undefined
  for (const child of childElements(node)) {
    if (isXs(child, 'complexContent') || isXs(child, 'simpleContent')) {
      const derivation = childElements(child).find(
        (item) => isXs(item, 'extension') || isXs(item, 'restriction'),
      )
      if (derivation === undefined) continue
      const derivedFrom = qnameAttr(derivation, 'base')
      if (isXs(child, 'simpleContent')) textType = derivedFrom
      else if (isXs(derivation, 'extension')) base = derivedFrom
      else if (derivedFrom?.namespace === soapEncodingNamespace && derivedFrom.local === 'Array')
        arrayType = encodedArrayType(derivation)
      body = derivation
    }
  }
  const particles = readParticles(body, scope, false, { elements: [], open: false })
  const attributes = arrayType === undefined ? readAttributes(body, scope) : []
  return {
    name: attr(node, 'name'),
    sequence: particles.elements,
    base,
    textType,
    open: particles.open ? true : undefined,
    arrayType,
    attributes: attributes.length > 0 ? attributes : undefined,
    documentation: documentationOf(node),
  }
}

/**
 * The item type of a SOAP-encoded array: `wsdl:arrayType="xsd:string[]"` on
 * the restriction's arrayType attribute, else the type of the one element
 * its sequence declares, else xsd:anyType.
 */
function encodedArrayType(restriction: XmlElement): QName {
  for (const child of childElements(restriction)) {
    if (!isXs(child, 'attribute')) continue
    const declared = child.attributes.find(
      (item) => item.name.namespace === wsdlNamespace && item.name.local === 'arrayType',
    )
    if (declared === undefined || typeof declared.value !== 'string') continue
    const resolved = resolveQName(child, declared.value.replace(/(\[[\d,\s]*\])+$/, ''))
    if (resolved !== undefined) return resolved
  }
  const item = readParticles(restriction, { targetNamespace: '', qualified: false }, false, {
    elements: [],
    open: false,
  }).elements[0]
  return item?.type ?? { namespace: xsdNamespace, local: 'anyType' }
}

/**
 * Reads an `xs:schema` element. `inheritedNamespace` is the includer's target
 * namespace, for a schema included without one of its own (a chameleon include).
 */
export function readSchema(node: XmlElement, inheritedNamespace = ''): ReadSchema {
  const targetNamespace = attr(node, 'targetNamespace') ?? inheritedNamespace
  const elementFormDefault = attr(node, 'elementFormDefault') === 'qualified' ? 'qualified' : 'unqualified'
  const scope: SchemaScope = {
    targetNamespace,
    qualified: elementFormDefault === 'qualified',
    attributesQualified: attr(node, 'attributeFormDefault') === 'qualified',
  }
  const elements: ReadSchemaElement[] = []
  const complexTypes: ReadComplexType[] = []
  const simpleTypes: ReadSimpleType[] = []
  const imports: { namespace?: string; location?: string }[] = []
  const includes: string[] = []
  const groups: { name: string; elements: ReadSchemaElement[] }[] = []
  const attributes: ReadSchemaElement[] = []
  const attributeGroups: { name: string; elements: ReadSchemaElement[] }[] = []
  for (const child of childElements(node)) {
    if (isXs(child, 'element')) elements.push(readElement(child, scope, true))
    else if (isXs(child, 'attribute')) {
      const read = readAttribute(child, scope, true)
      if (read !== undefined) attributes.push(read)
    } else if (isXs(child, 'attributeGroup')) {
      const name = attr(child, 'name')
      if (name !== undefined) attributeGroups.push({ name, elements: readAttributes(child, scope) })
    } else if (isXs(child, 'group')) {
      const name = attr(child, 'name')
      if (name !== undefined) {
        groups.push({
          name,
          elements: readParticles(child, scope, false, { elements: [], open: false }).elements,
        })
      }
    } else if (isXs(child, 'complexType')) complexTypes.push(readComplexType(child, scope))
    else if (isXs(child, 'simpleType')) simpleTypes.push(readSimpleType(child))
    else if (isXs(child, 'import')) {
      imports.push({ namespace: attr(child, 'namespace'), location: attr(child, 'schemaLocation') })
    } else if (isXs(child, 'include') || isXs(child, 'redefine')) {
      const location = attr(child, 'schemaLocation')
      if (location !== undefined) includes.push(location)
    }
  }
  return {
    targetNamespace,
    elementFormDefault,
    elements,
    complexTypes,
    simpleTypes,
    imports,
    includes,
    groups,
    attributes,
    attributeGroups,
  }
}

export function isSchemaElement(node: XmlElement): boolean {
  return isXs(node, 'schema')
}
