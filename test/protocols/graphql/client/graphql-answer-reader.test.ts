import { describe, expect, it } from 'vitest'
import {
  GraphQLAnswerError,
  GraphQLAnswerReader,
} from '../../../../src/protocols/graphql/client/graphql-answer-reader.js'

/** Reads `text` in pieces of `size` bytes: what went to data, and the tail. */
function read(text: string, size: number) {
  const data: Buffer[] = []
  const reader = new GraphQLAnswerReader((bytes) => data.push(Buffer.from(bytes)))
  const bytes = Buffer.from(text, 'utf8')
  for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size))
  const tail = reader.end()
  return { data: Buffer.concat(data).toString('utf8'), ...tail }
}

const sizes = [1, 2, 3, 7, 64, 1 << 20]

describe('GraphQLAnswerReader', () => {
  it('hands on data as it is, holds errors and extensions, wherever they are and however the answer is cut', () => {
    const data = '{"a":[1,{"b":"}]\\"{["}],"c":null,"d\\"":"\\u00e9"}'
    const errors = [{ message: 'no', path: ['a', 0] }]
    for (const text of [
      `{"data":${data},"errors":${JSON.stringify(errors)},"extensions":{"x":1}}`,
      ` \n{ "errors" : ${JSON.stringify(errors)} , "extensions":{"x":1}, "data" : ${data} }\n`,
      `\ufeff{"extensions":{"x":1},"d\\u0061ta":${data},"other":[{"data":1}],"errors":${JSON.stringify(errors)}}`,
    ]) {
      for (const size of sizes) {
        const result = read(text, size)
        expect(result.data, `${text} in ${size}`).toBe(data)
        expect(result.errors).toEqual(errors)
        expect(result.extensions).toEqual({ x: 1 })
        expect(result.hasData).toBe(true)
        expect(result.dataIsNull).toBe(false)
      }
    }
  })

  it('data null: nothing handed on, and said so', () => {
    for (const size of sizes) {
      const result = read('{"data":null,"errors":[{"message":"x"}]}', size)
      expect(result).toMatchObject({ data: '', hasData: true, dataIsNull: true, errors: [{ message: 'x' }] })
    }
  })

  it('an error that is not an object with a message is shown as its JSON', () => {
    expect(read('{"errors":["plain"]}', 3).errors).toEqual([{ message: '"plain"' }])
  })

  it.each([
    ['[1,2]', /Expected a JSON object/],
    ['<html>', /Expected a JSON object/],
    ['', /empty body/],
    ['{"data":{"a":1}', /breaks off/],
    ['{"data":[1]}', /data to be an object or null/],
    ['{"errors":{"message":"x"}}', /errors to be a list/],
    ['{"errors":[{"message":}]}', /errors is not valid JSON/],
    ['{"data":{}} x', /after the response object/],
    ['{"other":1}', /neither data nor errors/],
    ['{"data" {}}', /Expected ':'/],
  ])('%s is not a GraphQL response', (text, message) => {
    for (const size of [1, 4, 100]) expect(() => read(text, size)).toThrow(GraphQLAnswerError)
    expect(() => read(text, 100)).toThrow(message)
  })
})
