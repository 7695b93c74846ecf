import type { RunAnswer } from '../core/run-answer.js'
import { readJsonPath } from './read-json-path.js'
import { readXPath } from './read-xpath.js'

/** What an assert's subject found in the answer: the value (undefined: not there), how to name it, and a canonical form for comparing. */
export interface SubjectValue {
  value: unknown
  /** The subject as a person reads it: `status`, `header content-type`, `body $.items.length`. */
  label: string
  /** Applied to the value and the expected text before comparing (fault codes: `soap:Sender` reads as `Client`). */
  canonical?: (value: unknown) => unknown
}

type Reader = (answer: RunAnswer, argument: string, tail: string) => SubjectValue | string

/** `$.a`, `a.b` (bare, as httpYac reads it) or `[0].a`, as JSONPath. */
function jsonPathOf(argument: string, tail: string): string {
  if (argument === '') return `$${tail}`
  if (argument.startsWith('$')) return argument
  return argument.startsWith('[') ? `$${argument}` : `$.${argument}`
}

function readPath(json: unknown, argument: string, tail: string, label: string): SubjectValue | string {
  const path = jsonPathOf(argument, tail)
  const read = readJsonPath(json, path)
  return 'problem' in read
    ? read.problem
    : { value: read.value, label: argument === '' ? `${label}${tail}` : `${label} ${argument}` }
}

function body(answer: RunAnswer, argument: string, tail: string): SubjectValue | string {
  if (argument === '' && tail === '')
    return { value: answer.status === undefined ? undefined : answer.bodyText, label: 'body' }
  if (answer.value === undefined && answer.style === 'graphql') {
    return 'the GraphQL answer has no data (see errors)'
  }
  if (answer.value === undefined && answer.style === 'soap') {
    return `the SOAP answer has no values${answer.fault ? ' (it is a fault: use fault code, fault reason)' : ''}`
  }
  if (answer.value === undefined) {
    const type = answer.headers['content-type']
    return `the body is not JSON${type ? ` (${type})` : ''}: a path needs a JSON answer${answer.style === 'rest' ? ' (use xpath for XML)' : ''}`
  }
  return readPath(answer.value, argument, tail, 'body')
}

function errors(answer: RunAnswer, argument: string, tail: string): SubjectValue | string {
  if (answer.style !== 'graphql')
    return `errors reads a GraphQL answer; this request is ${answer.style.toUpperCase()}`
  const list = answer.graphql?.errors ?? []
  if (argument === '' && tail === '') return { value: list, label: 'errors' }
  return readPath(list, argument, tail, 'errors')
}

/** A fault code's local name, with SOAP 1.2's Sender/Receiver read as 1.1's Client/Server (as apictl's exit codes treat them). */
export function canonicalFaultCode(code: unknown): unknown {
  if (typeof code !== 'string') return code
  const local = code.replace(/^\{[^}]*\}/, '').replace(/^[^:]*:/, '')
  return local === 'Sender' ? 'Client' : local === 'Receiver' ? 'Server' : local
}

const FAULT_FIELDS = ['code', 'reason', 'actor', 'detail'] as const

function fault(answer: RunAnswer, argument: string, tail: string): SubjectValue | string {
  const field = argument || tail.replace(/^\./, '')
  if (field === '') return { value: answer.fault, label: 'fault' }
  if (!(FAULT_FIELDS as readonly string[]).includes(field)) {
    return `fault has no "${field}": use one of ${FAULT_FIELDS.join(', ')}`
  }
  const value = answer.fault?.[field as (typeof FAULT_FIELDS)[number]]
  return { value, label: `fault ${field}`, canonical: field === 'code' ? canonicalFaultCode : undefined }
}

function header(answer: RunAnswer, argument: string): SubjectValue | string {
  if (argument === '') return 'header needs a name: header content-type includes json'
  return { value: answer.headers[argument.toLowerCase()], label: `header ${argument}` }
}

function xpathSubject(answer: RunAnswer, argument: string): SubjectValue | string {
  if (argument === '') return 'xpath needs an expression: xpath //tns:price == 9.5'
  if (answer.status === undefined) return { value: undefined, label: `xpath ${argument}` }
  const read = readXPath(answer.bodyText, argument, answer.namespaces)
  return 'problem' in read ? read.problem : { value: read.value, label: `xpath ${argument}` }
}

const plain =
  (name: string, read: (answer: RunAnswer) => unknown): Reader =>
  (answer, argument) =>
    argument === '' ? { value: read(answer), label: name } : `${name} takes no argument (found "${argument}")`

const READERS: Record<string, Reader> = {
  status: plain('status', (answer) => answer.status),
  duration: plain('duration', (answer) => answer.durationMs),
  header,
  body,
  xpath: xpathSubject,
  fault,
  errors,
}

/** The subjects an assert can read, for messages. */
export const SUBJECT_NAMES = Object.keys(READERS)

/**
 * Reads an assert's subject in the answer. `word` is the assert's first word,
 * which may carry a path (`errors.length`, `errors[0].extensions.code`).
 * Returns a reason in words when the subject is unknown or cannot be read.
 */
export function readSubject(word: string, argument: string, answer: RunAnswer): SubjectValue | string {
  const split = /^([A-Za-z]+)(.*)$/s.exec(word)
  const name = split?.[1]?.toLowerCase() ?? ''
  const tail = split?.[2] ?? ''
  const reader = READERS[name]
  if (reader === undefined || (tail !== '' && !/^[.[]/.test(tail))) {
    return `unknown subject "${word}" (one of ${SUBJECT_NAMES.join(', ')})`
  }
  if (tail !== '' && name !== 'body' && name !== 'errors' && name !== 'fault') {
    return `${name} takes no path (found "${word}")`
  }
  return reader(answer, argument, tail)
}
