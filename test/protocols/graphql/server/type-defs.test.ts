import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  printSchema,
} from 'graphql'
import { describe, expect, it } from 'vitest'
import { typeDefs } from '../../../../src/protocols/graphql/schema/type-defs.js'

const schema = buildSchema(typeDefs)

describe('the reference server typeDefs', () => {
  it('are what fixtures/graphql/schema.graphql holds', () => {
    const fixture = readFileSync(
      join(import.meta.dirname, '..', '..', '..', '..', 'fixtures', 'graphql', 'schema.graphql'),
      'utf8',
    )
    expect(fixture).toBe(`${printSchema(schema)}\n`)
  })

  it('describe every type, field, argument, input field and enum value', () => {
    const missing: string[] = []
    const check = (where: string, description: string | null | undefined) => {
      if (!description?.trim()) missing.push(where)
    }
    check('schema', schema.description)
    for (const type of Object.values(schema.getTypeMap())) {
      if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue
      check(type.name, type.description)
      if (isObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          check(`${type.name}.${field.name}`, field.description)
          for (const argument of field.args)
            check(`${type.name}.${field.name}(${argument.name})`, argument.description)
        }
      } else if (isInputObjectType(type)) {
        for (const field of Object.values(type.getFields()))
          check(`${type.name}.${field.name}`, field.description)
      } else if (isEnumType(type)) {
        for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description)
      }
    }
    expect(missing).toEqual([])
  })

  it('serve the operations SPEC §7 names', () => {
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(['items', 'item', 'itemCount'])
    expect(Object.keys(schema.getMutationType()!.getFields())).toEqual([
      'createItem',
      'updateItem',
      'deleteItem',
      'addReview',
    ])
    expect(Object.keys(schema.getSubscriptionType()!.getFields())).toEqual(['itemChanged'])
  })
})
