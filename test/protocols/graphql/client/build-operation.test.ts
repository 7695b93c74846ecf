import { buildSchema, parse, validate } from 'graphql'
import { describe, expect, it } from 'vitest'
import type { InputPromptOptions, PromptChoice, Prompter } from '../../../../src/prompt/prompter.js'
import { buildOperation } from '../../../../src/protocols/graphql/client/builder/build-operation.js'
import { isolatedEnv, runCli } from '../../../support/run-cli.js'
import { LIBRARY_SDL } from './support/library-schema.js'

type Answer = string | string[] | boolean

/**
 * A Prompter that answers from a script: a select picks the choice whose
 * name starts with the answer, a checkbox each listed one, an input types
 * the text (checked by the prompt's own validation), a confirm says yes/no.
 * It records every question for the assertions.
 */
function scriptedPrompter(script: Answer[]) {
  const asked: Array<{ kind: string; message: string; choices?: string[]; rejected?: string }> = []
  const next = (kind: string, message: string) => {
    if (script.length === 0) throw new Error(`the script ran out at ${kind} "${message}"`)
    return script.shift()!
  }
  const pick = <T>(choices: ReadonlyArray<PromptChoice<T>>, name: string) => {
    const found = choices.find(
      (choice) =>
        choice.name === name ||
        choice.name.startsWith(`${name}:`) ||
        choice.name.startsWith(`${name} `) ||
        choice.name.startsWith(`${name}(`),
    )
    if (!found) throw new Error(`no choice "${name}" in ${choices.map((choice) => choice.name).join(' | ')}`)
    return found.value
  }
  const prompter: Prompter = {
    async select(message, choices) {
      asked.push({ kind: 'select', message, choices: choices.map((choice) => choice.name) })
      return pick(choices, next('select', message) as string)
    },
    async checkbox(message, choices) {
      asked.push({ kind: 'checkbox', message, choices: choices.map((choice) => choice.name) })
      return (next('checkbox', message) as string[]).map((name) => pick(choices, name))
    },
    async input(message, options: InputPromptOptions = {}) {
      const text = next('input', message) as string
      const verdict = options.validate?.(text) ?? true
      asked.push({ kind: 'input', message, ...(verdict === true ? {} : { rejected: verdict }) })
      if (verdict !== true) return prompter.input(message, options)
      return text
    },
    async confirm(message) {
      asked.push({ kind: 'confirm', message })
      return next('confirm', message) as boolean
    },
  }
  return { prompter, asked, left: () => script.length }
}

const schema = buildSchema(LIBRARY_SDL)

describe('gql build: the document from prompts', () => {
  it('a query: root field, typed arguments (enum pick-list, Int validated, skips), sub-fields level by level', async () => {
    const { prompter, asked, left } = scriptedPrompter([
      'query',
      'books',
      'HISTORY', // genre: an enum pick-list
      'two', // first: not an Int, asked again
      '2',
      false, // filter: an optional input object, left out
      ['id', 'title', 'author'], // fields of Book
      ['name'], // fields of Author
    ])
    const built = await buildOperation(schema, prompter)
    expect(built.document).toBe(
      '{\n  books(genre: HISTORY, first: 2) {\n    id\n    title\n    author {\n      name\n    }\n  }\n}',
    )
    expect(validate(schema, parse(built.document))).toEqual([])
    expect(left()).toBe(0)
    const genre = asked.find((question) => question.message.startsWith('books(genre)'))!
    expect(genre.kind).toBe('select')
    expect(genre.choices).toEqual(['FICTION', 'HISTORY', 'SCIENCE', '(leave out)'])
    expect(asked.find((question) => question.rejected)?.rejected).toBe('Enter a whole number (Int).')
  })

  it('a mutation: required arguments are marked * and cannot be left out; input objects field by field', async () => {
    const { prompter, asked } = scriptedPrompter([
      'mutation',
      'addBook',
      '', // input.title is required: refused
      'Piranesi',
      '2020',
      'FICTION',
      '["new"]',
      ['id', 'title'],
    ])
    const built = await buildOperation(schema, prompter)
    expect(built.operation).toBe('mutation')
    expect(built.document).toBe(
      'mutation {\n  addBook(input: {title: "Piranesi", year: 2020, genre: FICTION, tags: ["new"]}) {\n    id\n    title\n  }\n}',
    )
    expect(validate(schema, parse(built.document))).toEqual([])
    expect(asked.find((question) => question.message.startsWith('addBook(input).title'))!.message).toMatch(
      /^addBook\(input\)\.title\* \(String!\)/,
    )
    expect(asked.some((question) => question.rejected === 'addBook(input).title is required.')).toBe(true)
    expect(asked.some((question) => question.kind === 'confirm' && question.message.includes('input'))).toBe(
      false,
    )
  })

  it('a subscription: the root types offered include Subscription', async () => {
    const { prompter, asked } = scriptedPrompter(['subscription', 'bookAdded', ['id', 'title']])
    const built = await buildOperation(schema, prompter)
    expect(asked[0]!.choices).toEqual(['query', 'mutation', 'subscription'])
    expect(built.operation).toBe('subscription')
    expect(built.document).toBe('subscription {\n  bookAdded {\n    id\n    title\n  }\n}')
    expect(validate(schema, parse(built.document))).toEqual([])
  })

  it('the field list offers leaves and { … } for object fields', async () => {
    const { prompter, asked } = scriptedPrompter(['query', 'book', '3', ['title', 'rating']])
    const built = await buildOperation(schema, prompter)
    expect(built.document).toBe('{\n  book(id: 3) {\n    title\n    rating\n  }\n}')
    const fields = asked.find((question) => question.kind === 'checkbox')!
    expect(fields.choices).toContain('author { … }: Author!')
    expect(fields.choices).toContain('year: Int')
  })

  it('refuses when stdin is not a terminal: exit 2, with what to do instead', async () => {
    const result = await runCli(['gql', 'build', '-e', 'http://127.0.0.1:9/graphql'], { env: isolatedEnv() })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      'gql build is interactive: it needs a terminal on stdin, and stdin is not one.',
    )
  })
})
