import { describe, expect, it } from 'vitest'
import { basicAuthorization } from '../../src/runfile/basic-auth.js'
import { parseHttpFile } from '../../src/runfile/parse-http-file.js'
import { planRequests } from '../../src/runfile/plan-requests.js'
import { VariableScope } from '../../src/runfile/variable-scope.js'

const FILE = [
  '@host = http://h',
  '@run = {{$uuid}}',
  '',
  '# @name created',
  'POST {{host}}/items',
  '',
  '###',
  '@id = {{created.items[1].id}}',
  'GET {{host}}/items/{{id}}?run={{run}}&again={{run}}&user={{user}}&k={{$processEnv HOME}}',
  '',
  '###',
  'GET {{host}}/plain',
].join('\n')

function scopeOf(given: Record<string, string> = {}) {
  const file = parseHttpFile(FILE, 'f.http')
  return new VariableScope(file, {
    given,
    environment: { user: 'env-user', host: 'http://env' },
    processEnv: { HOME: '/home/x' },
  })
}

const url = (scope: VariableScope, entry: number) => {
  const found = scope.file.entries[entry]
  if (found?.kind !== 'request' || found.request.url === undefined) throw new Error('no request')
  return found.request.url
}

describe('VariableScope', () => {
  it('resolves file variables, captures with paths, the environment and dynamic variables, a variable once', () => {
    const scope = scopeOf()
    scope.capture('created', { items: [{ id: 'a' }, { id: 'b7' }] })
    const text = scope.resolve(url(scope, 4), 4, 'send')
    const match = /^http:\/\/h\/items\/b7\?run=([\w-]{36})&again=([\w-]{36})&user=env-user&k=\/home\/x$/.exec(
      text,
    )
    expect(match, text).not.toBeNull()
    expect(match?.[1]).toBe(match?.[2])
  })

  it('--var wins over the file and the environment', () => {
    const scope = scopeOf({ host: 'http://given' })
    expect(scope.resolve(url(scope, 5), 5, 'send')).toBe('http://given/plain')
  })

  it('stands in a placeholder for a capture not there yet when checking, and names it when sending', () => {
    const scope = scopeOf()
    expect(scope.resolve(url(scope, 4), 4, 'check')).toMatch(/^http:\/\/h\/items\/0\?/)
    expect(scope.placeholders).toBe(1)
    expect(() => scope.resolve(url(scope, 4), 4, 'send')).toThrow(/the request named created has no answer/)
  })

  it('says where an undefined variable, a missing field or a script is', () => {
    const scope = scopeOf()
    const at = (text: string) => ({ text, line: 9, column: 5 })
    expect(() => scope.resolve(at('x {{nope}}'), 4, 'send')).toThrow(/\{\{nope\}\} is not defined/)
    try {
      scope.resolve(at('x {{nope}}'), 4, 'send')
    } catch (error) {
      expect((error as { where: string }).where).toBe('f.http:9:7')
    }
    scope.capture('created', { items: [] })
    expect(() => scope.resolve(at('{{created.items[3].id}}'), 4, 'send')).toThrow(
      /has no \[3\] \(it is a list of 0\)/,
    )
    expect(() => scope.resolve(at('{{ Math.random() }}'), 4, 'send')).toThrow(/JavaScript expression/)
    expect(() => scope.resolve(at('{{$nope}}'), 4, 'send')).toThrow(/not a dynamic variable/)
  })

  it('plans each request with the named requests it uses, and --name with what it needs', () => {
    const scope = scopeOf()
    expect(planRequests(scope).map((request) => request.dependsOn)).toEqual([[], ['created'], []])
    const file = parseHttpFile(
      '# @name a\nGET /a\n\n###\n# @name b\nGET /b/{{a.id}}\n\n###\n# @name c\nGET /c',
      'g.http',
    )
    const named = planRequests(new VariableScope(file, { given: {}, environment: {}, processEnv: {} }), ['b'])
    expect(named.map((request) => request.block.name)).toEqual(['a', 'b'])
  })
})

describe('basicAuthorization', () => {
  it('encodes `Basic user pass` and `Basic user:pass` as the JetBrains client does', () => {
    const encoded = `Basic ${Buffer.from('demo:s3cret pass').toString('base64')}`
    expect(basicAuthorization('Authorization', 'Basic demo s3cret pass')).toBe(encoded)
    expect(basicAuthorization('authorization', 'Basic demo:s3cret pass')).toBe(encoded)
    expect(basicAuthorization('Authorization', 'Basic ZGVtbzpkZW1v')).toBe('Basic ZGVtbzpkZW1v')
    expect(basicAuthorization('X-Other', 'Basic a b')).toBe('Basic a b')
  })
})
