import type { FieldProblem } from '../../../server/kit/store-error.js'
import { childElements, isElement, isNil, textContent, type XmlElement } from '../xml/xml-element.js'
import { itemsNamespace } from './item-service.js'
import { SoapFaultError } from './soap-fault-error.js'

export type ScalarType = 'string' | 'int' | 'decimal' | 'boolean'
export type Scalar = string | number | boolean | null

/** One child of an operation's request element, as the schema declares it. */
export interface ParameterSpec {
  name: string
  type: ScalarType
  required?: boolean
  repeated?: boolean
  /** `xsi:nil="true"` allowed (clears the field). */
  nillable?: boolean
  documentation: string
}

/** Parameter values by name (null prototype); repeated parameters hold arrays. */
export type ParameterValues = Record<string, Scalar | Scalar[]>

const patterns: Record<Exclude<ScalarType, 'string'>, RegExp> = {
  int: /^[+-]?\d{1,16}$/,
  decimal: /^[+-]?(?:\d{1,30}(?:\.\d{0,30})?|\.\d{1,30})$/,
  boolean: /^(?:true|false|1|0)$/,
}

const typeNames: Record<ScalarType, string> = {
  string: 'text',
  int: 'a whole number',
  decimal: 'a decimal number',
  boolean: 'true or false',
}

function scalar(spec: ParameterSpec, node: XmlElement): Scalar | FieldProblem {
  if (isNil(node)) {
    return spec.nillable ? null : { field: spec.name, message: 'cannot be nil' }
  }
  if (childElements(node).length > 0)
    return { field: spec.name, message: `must be ${typeNames[spec.type]}, not elements` }
  const raw = textContent(node)
  if (spec.type === 'string') return raw
  const text = raw.trim()
  if (!patterns[spec.type].test(text)) {
    return {
      field: spec.name,
      message: `must be ${typeNames[spec.type]} (got ${JSON.stringify(text.slice(0, 40))})`,
    }
  }
  if (spec.type === 'boolean') return text === 'true' || text === '1'
  const value = Number(text)
  if (spec.type === 'int' && !Number.isSafeInteger(value))
    return { field: spec.name, message: 'is too large' }
  return value
}

function known(parameters: readonly ParameterSpec[]): string {
  return parameters.length === 0 ? 'none' : parameters.map((spec) => spec.name).join(', ')
}

/**
 * Reads an operation element's children against its parameter list. Child
 * elements may be in the service namespace (as the WSDL's
 * elementFormDefault="qualified" says) or unqualified; order is free.
 * Every problem found is reported at once, in a Client (1.2: Sender) fault.
 */
export function readParameters(operation: XmlElement, parameters: readonly ParameterSpec[]): ParameterValues {
  const values = Object.create(null) as ParameterValues
  const problems: FieldProblem[] = []
  for (const child of operation.children) {
    if (!isElement(child)) {
      if (typeof child === 'string' && child.trim() !== '') {
        problems.push({
          field: '(text)',
          message: `${operation.name.local} holds text; parameters are child elements`,
        })
      }
      continue
    }
    const { namespace, local } = child.name
    const spec =
      namespace === itemsNamespace || namespace === ''
        ? parameters.find((item) => item.name === local)
        : undefined
    if (spec === undefined) {
      const where = namespace === '' || namespace === itemsNamespace ? '' : ` in namespace ${namespace}`
      problems.push({
        field: local,
        message: `is not a parameter of ${operation.name.local}${where} (parameters: ${known(parameters)})`,
      })
      continue
    }
    const value = scalar(spec, child)
    if (typeof value === 'object' && value !== null) {
      problems.push(value)
    } else if (spec.repeated) {
      const list = values[spec.name] as Scalar[] | undefined
      if (list === undefined) values[spec.name] = [value]
      else list.push(value)
    } else if (Object.hasOwn(values, spec.name)) {
      problems.push({ field: spec.name, message: 'is given more than once' })
    } else values[spec.name] = value
  }
  for (const spec of parameters) {
    if (spec.required && !Object.hasOwn(values, spec.name))
      problems.push({ field: spec.name, message: 'is required' })
  }
  if (problems.length > 0) {
    const summary = problems.map((problem) => `${problem.field} ${problem.message}`).join('; ')
    throw SoapFaultError.client('INVALID_PARAMETERS', `${operation.name.local}: ${summary}`, { problems })
  }
  return values
}
