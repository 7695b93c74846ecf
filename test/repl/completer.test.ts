import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { complete } from '../../src/repl/complete/completer.js'
import { openTestSession, type TestSession } from './support/repl-session.js'

/**
 * The completer against the embedded reference server: its GraphQL schema
 * (introspected) and its WSDL, and the paths the session has seen.
 */
describe('REPL completion in context', () => {
  let test: TestSession
  const tab = (line: string, pending = '') => complete(line, pending, test.session, test.dispatcher)

  beforeAll(async () => {
    test = await openTestSession()
  })
  afterAll(async () => {
    await test.close()
  })

  it('offers every command on an empty line, and dot commands after a dot', async () => {
    const [all, replaced] = await tab('')
    expect(replaced).toBe('')
    expect(all).toEqual(
      expect.arrayContaining(['get', 'post', 'gql', 'soap', 'use', '.help', '.exit', 'set']),
    )
    expect(all).not.toContain('.quit')
    const [dots] = await tab('.he')
    expect(dots).toEqual(['.header', '.help'])
    expect(await tab('.sch')).toEqual([['.schema '], '.sch'])
  })

  it('completes REST paths: the reference resources, then the ones the session has seen', async () => {
    // The paths the server's OpenAPI document declares for the method, then those seen.
    expect(await tab('get /v1/it')).toEqual([
      [
        '/v1/items',
        '/v1/items/{id}',
        '/v1/items/{id}/reviews',
        '/v1/items/{id}/reviews/{reviewId}',
        '/v1/items/1',
        '/v1/items/1/reviews',
      ],
      '/v1/it',
    ])
    const posts = (await tab('post /v1/it'))[0]
    expect(posts.slice(0, 2)).toEqual(['/v1/items', '/v1/items/{id}/reviews'])
    expect(posts).not.toContain('/v1/items/{id}')
    expect((await tab('delete /v2/items/{'))[0]).toEqual(['/v2/items/{id}'])
    expect((await tab('get /v1/items/7'))[0]).toEqual([])
    test.session.style = 'rest'
    expect(await test.dispatcher.run('get /v1/items limit==8', test.session, test.ctx)).toBe(0)
    // {id} filled from the last list answer.
    expect((await tab('get /v1/items/7'))[0]).toEqual([
      '/v1/items/7',
      '/v1/items/7/reviews',
      '/v1/items/7/reviews/{reviewId}',
    ])
    expect((await tab('delete /v1/items/'))[0]).toContain('/v1/items/8')
    expect((await tab('/v1/items/8'))[0]).toEqual(['/v1/items/8'])
  })

  it('completes request items, options and their values after the path', async () => {
    // Body fields from the document; `=` is typed by the schema, so no `:=` for numbers.
    expect((await tab('post /v1/items '))[0]).toEqual([
      'name=',
      'description=',
      'price=',
      'quantity=',
      'tags=',
    ])
    expect(await tab('post /v1/items na')).toEqual([['name='], 'na'])
    expect((await tab('post /v1/items name=Pen p'))[0]).toEqual(['price='])
    expect((await tab('post /v2/items name=Pen p'))[0]).toEqual(['price[amount]=', 'price[currency]='])
    expect((await tab('get /v1/items '))[0]).toEqual(['page==', 'limit==', 'tag=='])
    expect((await tab('get /v1/items --a'))[0]).toEqual(['--all', '--accept', '--api-version'])
    expect(await tab('get /v1/items -o t')).toEqual([['table '], 't'])
  })

  it("completes a gql document after options given before it (-o, -e: that endpoint's schema)", async () => {
    expect((await tab('gql -o json { it'))[0]).toEqual(['items', 'item', 'itemCount'])
    const endpoint = test.session.target.graphql!
    expect(await tab(`gql -e ${endpoint} --no-validate { items { na`)).toEqual([['name'], 'na'])
    expect((await tab(`gql -e http://127.0.0.1:9/graphql { it`))[0]).toEqual([])
  })

  it('completes GraphQL fields at the cursor from the schema', async () => {
    expect(await tab('gql { items { na')).toEqual([['name'], 'na'])
    expect((await tab('gql { items { '))[0]).toEqual([
      'id',
      'name',
      'description',
      'price',
      'quantity',
      'tags',
      'createdAt',
      'updatedAt',
      'reviews',
      '__typename',
    ])
    expect((await tab('gql { it'))[0]).toEqual(['items', 'item', 'itemCount'])
    expect((await tab('gql { item(id: 1) { reviews { ra'))[0]).toEqual(['rating'])
    expect((await tab('gql { items { id } item'))[0]).toEqual(['items', 'item', 'itemCount'])
    expect((await tab('gql mutation { cre'))[0]).toEqual(['createItem'])
    expect((await tab('gql mutation M { createItem(input: {name: "a { b", price: 1}) { pr'))[0]).toEqual([
      'price',
    ])
    expect((await tab('gql { short: item(id: 1) { ta'))[0]).toEqual(['tags'])
  })

  it('completes GraphQL arguments inside parentheses, leaving out those given', async () => {
    expect(await tab('gql { items(')).toEqual([['page:', 'limit:', 'tag:'], ''])
    expect((await tab('gql { items(limit: 2, '))[0]).toEqual(['page:', 'tag:'])
    expect((await tab('gql { items(limit: 2 t'))[0]).toEqual(['tag:'])
    expect((await tab('gql { items(tag: "a", limit: 3) { id } itemCount('))[0]).toEqual(['tag:'])
  })

  it("completes an input object's fields inside its braces, leaving out those given", async () => {
    expect((await tab('gql mutation { createItem(input: {'))[0]).toEqual([
      'name:',
      'description:',
      'price:',
      'quantity:',
      'tags:',
    ])
    expect((await tab('gql mutation { createItem(input: {name: "Pen", tags: ["a", "b"], '))[0]).toEqual([
      'description:',
      'price:',
      'quantity:',
    ])
    expect((await tab('gql mutation { addReview(itemId: 1, input: {rating: 5} '))[0]).toEqual([])
    expect((await tab('gql mutation { addReview(itemId: 1, input: {rating: 5}, '))[0]).toEqual([])
    expect((await tab('gql mutation { addReview(input: {rating: 5}, i'))[0]).toEqual(['itemId:'])
    expect((await tab('gql mutation { updateItem(id: 1, input: {}) { na'))[0]).toEqual(['name'])
  })

  it('completes inside a document that spans lines, and bare documents in gql style', async () => {
    expect(await tab('    na', 'gql {\n  items(limit: 2) {\n    id')).toEqual([['name'], 'na'])
    test.session.style = 'gql'
    try {
      expect(await tab('{ items { pri')).toEqual([['price'], 'pri'])
      expect(await tab('query Q($n: Int) { items(limit: $n) { rev')).toEqual([['reviews'], 'rev'])
    } finally {
      test.session.style = 'rest'
    }
  })

  it('offers nothing inside a string or a comment', async () => {
    expect((await tab('gql { item(id: "na'))[0]).toEqual([])
    expect((await tab('gql { items { # na'))[0]).toEqual([])
  })

  it('completes SOAP operations and their parameters from the WSDL', async () => {
    // A whole word (an operation, as a command) is completed with a space after it; `id=` is not.
    expect(await tab('soap Get')).toEqual([['GetItem '], 'Get'])
    expect((await tab('soap '))[0]).toEqual([
      'GetItem',
      'ListItems',
      'CreateItem',
      'UpdateItem',
      'DeleteItem',
      'RaiseFault',
    ])
    expect((await tab('soap GetItem '))[0]).toEqual(['id='])
    expect((await tab('soap CreateItem name=Pen '))[0]).toEqual([
      'name=',
      'description=',
      'price=',
      'quantity=',
      'tags=',
    ])
    expect((await tab('soap CreateItem q'))[0]).toEqual(['quantity='])
    expect((await tab('soap GetItem --so'))[0]).toEqual(['--soap', '--soap-header'])
    expect((await tab('soap GetItem --soap '))[0]).toEqual(['1.1', '1.2'])
  })

  it('in soap style, a bare line completes operations first and then parameters', async () => {
    test.session.style = 'soap'
    try {
      expect(await tab('Li')).toEqual([['ListItems '], 'Li'])
      expect((await tab('ListItems '))[0]).toEqual(['page=', 'limit=', 'tag='])
    } finally {
      test.session.style = 'rest'
    }
  })

  it("completes each command's own arguments from the registry", async () => {
    expect((await tab('use '))[0]).toEqual(['rest', 'gql', 'soap'])
    expect((await tab('.auth '))[0]).toEqual(['basic', 'bearer', 'wss', 'none', 'profile'])
    expect((await tab('.profile '))[0]).toEqual(['local '])
    expect((await tab('.help .pr'))[0]).toEqual(['.profile '])
    expect((await tab('vars '))[0]).toEqual(['clear '])
  })

  it('never throws: an unfinished quote or an unknown command offers nothing', async () => {
    expect((await tab("get /v1/items name='Blue"))[0]).toEqual([])
    expect((await tab('bogus thing '))[0]).toEqual([])
  })
})
