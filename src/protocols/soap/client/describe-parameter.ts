import type { ReadComplexType, ReadSchema, ReadSchemaElement, ReadSimpleType } from '../wsdl/read-schema.js'
import { clark, type QName, xsdNamespace } from '../xml/qname.js'
import type { ParameterDescription } from './service-description.js'

/** The global components of every schema a WSDL brought, by `{namespace}local`. */
export class SchemaIndex {
  readonly elements = new Map<string, ReadSchemaElement>()
  readonly complexTypes = new Map<string, ReadComplexType>()
  readonly simpleTypes = new Map<string, ReadSimpleType>()

  constructor(schemas: readonly ReadSchema[]) {
    for (const schema of schemas) {
      const key = (name: string | undefined) =>
        clark({ namespace: schema.targetNamespace, local: name ?? '' })
      for (const element of schema.elements)
        if (!this.elements.has(key(element.name))) this.elements.set(key(element.name), element)
      for (const type of schema.complexTypes)
        if (type.name !== undefined) this.complexTypes.set(key(type.name), type)
      for (const type of schema.simpleTypes)
        if (type.name !== undefined) this.simpleTypes.set(key(type.name), type)
    }
  }

  element(name: QName): ReadSchemaElement | undefined {
    return this.elements.get(clark(name))
  }
}

/** Nesting beyond this (or a type inside itself) is left open rather than described. */
const maxDepth = 12

interface Simple {
  type: string
  base?: string | undefined
  enumeration?: readonly string[] | undefined
}

/** A simple type followed down its restriction bases to the XML Schema built-in it rests on. */
function describeSimple(index: SchemaIndex, type: ReadSimpleType, display: string): Simple {
  let enumeration = type.enumeration
  let base = type.base
  for (let step = 0; base !== undefined && base.namespace !== xsdNamespace && step < 20; step++) {
    const next = index.simpleTypes.get(clark(base))
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

interface Walk {
  index: SchemaIndex
  /** Named complex types being described, to stop at recursion. */
  path: Set<string>
}

function describeComplex(
  walk: Walk,
  type: ReadComplexType,
  depth: number,
): Pick<ParameterDescription, 'children' | 'open' | 'base'> {
  if (type.textType !== undefined) {
    return { base: type.textType.namespace === xsdNamespace ? type.textType.local : undefined }
  }
  const children: ParameterDescription[] = []
  let open = type.open === true
  if (type.base !== undefined && type.base.namespace !== xsdNamespace) {
    const base = walk.index.complexTypes.get(clark(type.base))
    if (base === undefined) open = true
    else {
      const inherited = describeComplex(walk, base, depth)
      children.push(...(inherited.children ?? []))
      open ||= inherited.open === true
    }
  }
  for (const element of type.sequence) children.push(describeElement(walk, element, depth + 1))
  return { children, open: open ? true : undefined }
}

/** A schema element (global or local) as a parameter: name, namespace, type and, for a complex one, its children. */
export function describeElement(walk: Walk, element: ReadSchemaElement, depth = 0): ParameterDescription {
  const target = element.ref === undefined ? element : walk.index.element(element.ref)
  const named: ParameterDescription = {
    name: target?.name ?? element.name,
    namespace: target?.namespace ?? element.ref?.namespace ?? element.namespace,
    type: 'anyType',
    minOccurs: element.minOccurs ?? 1,
    maxOccurs: element.maxOccurs ?? 1,
    nillable: target?.nillable,
    documentation: target?.documentation ?? element.documentation,
  }
  if (target === undefined) return { ...named, open: true }
  if (depth > maxDepth) return { ...named, open: true }
  if (target.complexType !== undefined) {
    return { ...named, type: target.name, ...describeComplex(walk, target.complexType, depth) }
  }
  if (target.simpleType !== undefined)
    return { ...named, ...describeSimple(walk.index, target.simpleType, 'string') }
  if (target.type === undefined) return { ...named, open: true }
  return { ...named, ...describeType(walk, target.type, depth) }
}

/** What a named type says about a value of it. */
export function describeType(
  walk: Walk,
  type: QName,
  depth = 0,
): Pick<ParameterDescription, 'type' | 'base' | 'enumeration' | 'children' | 'open'> {
  if (type.namespace === xsdNamespace) {
    return type.local === 'anyType' ? { type: 'anyType', open: true } : { type: type.local, base: type.local }
  }
  const key = clark(type)
  const simple = walk.index.simpleTypes.get(key)
  if (simple !== undefined) return describeSimple(walk.index, simple, type.local)
  const complex = walk.index.complexTypes.get(key)
  if (complex === undefined) return { type: type.local, open: true }
  if (walk.path.has(key)) return { type: type.local, open: true }
  walk.path.add(key)
  try {
    return { type: type.local, ...describeComplex(walk, complex, depth) }
  } finally {
    walk.path.delete(key)
  }
}

export function schemaWalk(index: SchemaIndex): Walk {
  return { index, path: new Set() }
}
