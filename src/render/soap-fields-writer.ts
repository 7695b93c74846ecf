import { isRepeated, type ParameterDescription } from '../protocols/soap/client/service-description.js'
import { type TypedValue, typedValue } from '../protocols/soap/client/typed-values.js'
import type { SoapValue } from '../protocols/soap/message-values.js'

/**
 * The fields of one committed element of SoapValuesStream, written as
 * compact JSON as its children end: a name that repeats (or that the WSDL
 * says may) becomes a list, left open while more of it comes; a name seen
 * once is held until the next child says whether it is a list; the
 * repeated children the element lacks are written as `[]` where
 * typedValues puts them. The caller writes the element's braces.
 */
export class SoapFieldsWriter {
  /** Fields written so far. */
  private fields = 0
  /** The field being written: an open list, or one value held until the next child says whether it is a list. */
  private group?: { name: string; list: boolean; waiting?: SoapValue }
  /** Repeated children not seen yet, in the schema's order (written as `[]` at their place). */
  private pending: ParameterDescription[]

  constructor(
    private readonly params: readonly ParameterDescription[] | undefined,
    private readonly write: (json: string) => void,
  ) {
    this.pending = (params ?? []).filter(isRepeated)
  }

  /** The element's children held until it was committed: grouped by name as elementValue groups them; the last name's group stays open. */
  held(children: ReadonlyArray<[string, SoapValue]>): void {
    const groups = new Map<string, SoapValue[]>()
    for (const [name, value] of children) {
      const group = groups.get(name)
      if (group === undefined) groups.set(name, [value])
      else group.push(value)
    }
    const last = children.at(-1)?.[0]
    for (const [name, values] of groups) {
      if (name === last) continue
      const described = this.describe(name)
      this.field(name)
      this.write(JSON.stringify(typedField(values.length === 1 ? values[0]! : values, described)))
    }
    if (last === undefined) return
    const values = groups.get(last)!
    const described = this.describe(last)
    if (values.length === 1 && !(described !== undefined && isRepeated(described))) {
      this.field(last, false)
      this.group = { name: last, list: false, waiting: values[0] }
      return
    }
    this.field(last)
    this.write(`[${values.map((value) => JSON.stringify(typedValue(value, described))).join(',')}`)
    this.group = { name: last, list: true }
  }

  /** A child of a committed element ended: into the open list, or a field of its own. */
  child(name: string, value: SoapValue): void {
    const described = this.describe(name)
    const group = this.group
    if (group?.name === name && group.list) {
      this.write(`,${JSON.stringify(typedValue(value, described))}`)
      return
    }
    if (group?.name === name && group.waiting !== undefined) {
      this.write(`${this.key(name)}[${JSON.stringify(typedValue(group.waiting, described))},`)
      this.write(JSON.stringify(typedValue(value, described)))
      this.group = { name, list: true }
      return
    }
    if (described !== undefined && isRepeated(described)) {
      this.field(name)
      this.write(`[${JSON.stringify(typedValue(value, described))}`)
      this.group = { name, list: true }
      return
    }
    this.field(name, false)
    this.group = { name, list: false, waiting: value }
  }

  /** A committed child element opens in its committed parent: `"name":` (or `"name":[`, or the next item of an open list). */
  openChild(name: string): void {
    const described = this.describe(name)
    const group = this.group
    if (group?.name === name && group.list) {
      this.write(',')
      return
    }
    if (group?.name === name && group.waiting !== undefined) {
      this.write(`${this.key(name)}[${JSON.stringify(typedValue(group.waiting, described))},`)
      this.group = { name, list: true }
      return
    }
    const list = described !== undefined && isRepeated(described)
    this.field(name)
    if (list) this.write('[')
    this.group = { name, list }
  }

  /**
   * Starts a field of a committed element: ends the one before (an open list,
   * or a held value written now), writes the repeated children missing before
   * it (`[]`), then its key unless `withKey` is false (written once its value is known).
   */
  private field(name: string, withKey = true): void {
    this.endGroup()
    const order = (wanted: string) => this.params?.findIndex((parameter) => parameter.name === wanted) ?? -1
    const at = order(name)
    this.pending = this.pending.filter((parameter) => parameter.name !== name)
    while (at >= 0 && this.pending.length > 0 && order(this.pending[0]!.name) < at) {
      this.write(`${this.key(this.pending.shift()!.name)}[]`)
    }
    if (withKey) this.write(this.key(name))
  }

  private endGroup(): void {
    const group = this.group
    this.group = undefined
    if (group === undefined) return
    if (group.list) this.write(']')
    else if (group.waiting !== undefined) {
      const described = this.describe(group.name)
      this.write(`${this.key(group.name)}${JSON.stringify(typedField(group.waiting, described))}`)
    }
  }

  /** The end of a committed element: its open field, then the repeated children it never had (`[]`). */
  end(): void {
    this.endGroup()
    for (const parameter of this.pending) this.write(`${this.key(parameter.name)}[]`)
    this.pending = []
  }

  /** `,"name":` (no comma before the first field). */
  private key(name: string): string {
    return `${this.fields++ > 0 ? ',' : ''}${JSON.stringify(name)}:`
  }

  private describe(name: string): ParameterDescription | undefined {
    return this.params?.find((parameter) => parameter.name === name)
  }
}

/** A field's value as typedValues writes it: typed, and a list when its element may repeat. */
function typedField(value: SoapValue, described: ParameterDescription | undefined): TypedValue {
  const converted = typedValue(value, described)
  return described !== undefined && isRepeated(described) && !Array.isArray(converted)
    ? [converted]
    : converted
}
