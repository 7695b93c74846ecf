import { UsageError } from '../../core/errors.js'
import type { HttpRequestText } from '../../runfile/write-http-request.js'
import { scanWords } from './split-words.js'

const REST_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options']

/**
 * A REPL request line (`post /v1/items name=Pen --user demo:demo`,
 * `gql { items { id } }`, `soap GetItem id=1 --wss demo:demo`) as a request
 * of a `.http` file. Credentials never go into the file: `--user`,
 * `--token` and `--wss` become `{{user}}`/`{{password}}`-style variables
 * (named in a comment); options a file cannot say are named in a comment.
 */
export function lineAsHttp(line: string): HttpRequestText {
  const trimmed = line.trim()
  const gql = /^gql\b\s*/.exec(trimmed)
  if (gql) return { method: 'GRAPHQL', body: trimmed.slice(gql[0].length).trim() }
  const words = scanWords(trimmed).words.map((each) => each.value)
  const [first, ...rest] = words
  const positionals: string[] = []
  const headers: Array<[string, string]> = []
  const directives: Array<[string, string]> = []
  const credentials: string[] = []
  const dropped: string[] = []
  for (let index = 0; index < rest.length; index++) {
    const word = rest[index]!
    if (!word.startsWith('-') || word === '-') {
      positionals.push(word)
      continue
    }
    const [flag, inline] = word.includes('=')
      ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
      : [word, undefined]
    const takesValue = ![
      '--no-lint',
      '--lint',
      '--all',
      '--follow',
      '--form',
      '-f',
      '--insecure',
      '-v',
      '--verbose',
      '-i',
      '--include',
      '--must-understand',
    ].includes(flag)
    const value = inline ?? (takesValue ? rest[++index] : undefined)
    if ((flag === '-H' || flag === '--header') && value?.includes(':')) {
      headers.push([value.slice(0, value.indexOf(':')).trim(), value.slice(value.indexOf(':') + 1).trim()])
    } else if (flag === '--user') {
      headers.push(['Authorization', 'Basic {{user}} {{password}}'])
      credentials.push('user', 'password')
    } else if (flag === '--token') {
      headers.push(['Authorization', 'Bearer {{token}}'])
      credentials.push('token')
    } else if (flag === '--wss') {
      directives.push(['wss', '{{wssUser}}:{{wssPassword}}'])
      credentials.push('wssUser', 'wssPassword')
    } else if (flag === '--soap' && value !== undefined) {
      directives.push(['soap', value])
    } else dropped.push(value === undefined ? flag : `${flag} ${value}`)
  }
  const comments: string[] = []
  if (credentials.length > 0) {
    comments.push(
      `credentials: ${credentials.map((name) => `--var ${name}=…`).join(' ')} (or an http-client.private.env.json)`,
    )
  }
  if (dropped.length > 0) comments.push(`options not kept in the file: ${dropped.join(' ')}`)
  const common = { comments, headers, directives }
  if (first === 'soap') {
    const [operation, ...parameters] = positionals
    if (operation === undefined) throw new UsageError('The last SOAP line names no operation to save.')
    return { ...common, method: 'SOAP', operation, parameters }
  }
  if (first !== undefined && REST_METHODS.includes(first.toLowerCase())) {
    const [url, ...items] = positionals
    return { ...common, method: first.toUpperCase(), url, items }
  }
  throw new UsageError(`'${first}' is not a request line .save can write to a .http file.`, {
    hint: 'Send a REST, gql or soap request first; .save NAME keeps any line under a name instead.',
  })
}
