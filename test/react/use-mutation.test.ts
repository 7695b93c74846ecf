// @vitest-environment jsdom
import { createElement } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ApictlClient, createClient, type GraphQLApi } from '../../src/index.js'
import type { MutateFunction, MutationResult } from '../../src/react/index.js'
import { type RunningServer, startServer } from '../../src/server/reference/start-server.js'
import { isolatedEnv } from '../support/run-cli.js'
import { MutationProbe, provided } from './support/probes.js'
import { renderTree, waitForText } from './support/render-tree.js'

const CREATE = 'mutation Create($input: ItemInput!) { createItem(input: $input) { id name price tags } }'
type Created = { createItem: { id: string; name: string; price: number; tags: string[] } | null }

let server: RunningServer
let client: ApictlClient

beforeAll(async () => {
  server = await startServer({ port: 0 })
  client = createClient({ graphql: `${server.url}/graphql`, env: isolatedEnv(), user: 'demo:demo' })
})
afterAll(async () => {
  await client.close()
  await server.close()
})

/**
 * The real client, whose calls wait until the test opens the gate: the test sees the state while
 * a call is out, however fast the server is.
 */
function gated(api: GraphQLApi): { api: GraphQLApi; open: () => void } {
  let open = () => {}
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  return {
    api: {
      query: async (document, options) => gate.then(() => api.query(document, options)),
      mutate: async (document, options) => gate.then(() => api.mutate(document, options)),
    },
    open: () => open(),
  }
}

/** Renders a MutationProbe and waits for its first render; `mutate` is the hook's function of the latest render. */
async function renderForm<T>(api: GraphQLApi, document: string) {
  const seen: Array<MutationResult<T>> = []
  let latest: MutateFunction<T> | undefined
  const take = (mutate: MutateFunction<T>) => {
    latest = mutate
  }
  const tree = renderTree(provided(api, createElement(MutationProbe<T>, { document, seen, take })))
  await waitForText(tree, 'idle')
  return { tree, seen, mutate: (...args: Parameters<MutateFunction<T>>) => latest!(...args) }
}

const state = ({ data, loading, error, called }: MutationResult<unknown>) => ({
  data,
  loading,
  error,
  called,
})

describe('useMutation against the reference server, rendered with react-dom in jsdom', () => {
  it('sends nothing until mutate({ variables }); then loading true → false, data, and the item is in the store', async () => {
    const { api, open } = gated(client)
    const { tree, seen, mutate } = await renderForm<Created>(api, CREATE)
    try {
      const count = server.store.count()
      expect(seen.map(state)).toEqual([{ data: undefined, loading: false, error: undefined, called: false }])
      const input = { name: 'React pen', price: 3.25, tags: ['react', 'office'] }
      const pending = mutate({ variables: { input } })
      await waitForText(tree, 'loading')
      expect(seen.map(state).at(-1)).toEqual({
        data: undefined,
        loading: true,
        error: undefined,
        called: true,
      })
      open()
      const result = await pending
      const created = result.data?.createItem
      expect(result.error).toBeUndefined()
      expect(created).toMatchObject(input)
      await waitForText(tree, JSON.stringify({ createItem: created }))
      expect(seen.map(state).at(-1)).toEqual({
        data: { createItem: created },
        loading: false,
        error: undefined,
        called: true,
      })
      // The variables reached the server: the store holds the new item as sent.
      expect(server.store.count()).toBe(count + 1)
      expect(server.store.get(created!.id)).toMatchObject(input)
    } finally {
      tree.unmount()
    }
  })

  it('a GraphQL error lands in error, with the partial data kept', async () => {
    type Two = { made: { id: string } | null; missing: { id: string } | null }
    const { tree, seen, mutate } = await renderForm<Two>(
      client,
      `mutation Two($input: ItemInput!) {
        made: createItem(input: $input) { id }
        missing: updateItem(id: "no-such-item", input: { price: 1 }) { id }
      }`,
    )
    try {
      const result = await mutate({ variables: { input: { name: 'Half done', price: 1 } } })
      await waitForText(tree, /^error 4: .*no-such-item/)
      const shown = seen.at(-1)!
      expect(shown.error).toMatchObject({ exitCode: 4, status: 200 })
      expect(shown.data?.missing).toBeNull()
      expect(server.store.get(shown.data!.made!.id)?.name).toBe('Half done')
      expect(shown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
      expect(result.errors).toEqual(shown.errors)
    } finally {
      tree.unmount()
    }
  })

  it("without credentials the server's UNAUTHENTICATED error lands in error; the store is unchanged", async () => {
    const anonymous = createClient({ graphql: `${server.url}/graphql`, env: isolatedEnv() })
    const { tree, seen, mutate } = await renderForm<Created>(anonymous, CREATE)
    try {
      const count = server.store.count()
      const result = await mutate({ variables: { input: { name: 'Nobody', price: 1 } } })
      await waitForText(tree, /^error 4: /)
      expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED')
      expect(seen.at(-1)).toMatchObject({
        data: { createItem: null },
        loading: false,
        error: { exitCode: 4 },
      })
      expect(server.store.count()).toBe(count)
    } finally {
      tree.unmount()
      await anonymous.close()
    }
  })

  it('variables the schema refuses are a validation error (exit code 2); nothing is written', async () => {
    const { tree, mutate } = await renderForm<Created>(client, CREATE)
    try {
      const count = server.store.count()
      const result = await mutate({ variables: { input: { name: 'No price' } } })
      await waitForText(tree, /^error 2: .*price/)
      expect(result.error?.exitCode).toBe(2)
      expect(server.store.count()).toBe(count)
    } finally {
      tree.unmount()
    }
  })

  it('a mutate() that resolves after unmount still resolves, and changes no state', async () => {
    const { api, open } = gated(client)
    const { tree, seen, mutate } = await renderForm<Created>(api, CREATE)
    const pending = mutate({ variables: { input: { name: 'After unmount', price: 2 } } })
    await waitForText(tree, 'loading')
    const rendersAtUnmount = seen.length
    tree.unmount()
    open()
    const result = await pending
    expect(result.data?.createItem?.name).toBe('After unmount')
    expect(seen.length).toBe(rendersAtUnmount)
    expect(tree.uncaught).toEqual([])
  })

  it('useMutation without a provider throws an error naming ApictlProvider', async () => {
    const tree = renderTree(createElement(MutationProbe, { document: CREATE, seen: [], take: () => {} }))
    try {
      await vi.waitFor(() => expect(tree.uncaught).toHaveLength(1))
      expect(String(tree.uncaught[0])).toMatch(/useMutation\(\) found no client: place <ApictlProvider/)
    } finally {
      tree.unmount()
    }
  })
})
