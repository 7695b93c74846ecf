import type { ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { expect, vi } from 'vitest'

export interface RenderedTree {
  container: HTMLElement
  /** Renders a new tree in place of the last (React keeps the components' state where types match). */
  render(node: ReactNode): void
  unmount(): void
  /** What a render threw and nothing caught (React reports it to the root). */
  uncaught: unknown[]
}

/** Renders `node` into a detached element of jsdom's document with react-dom/client, as a program would. */
export function renderTree(node: ReactNode): RenderedTree {
  const container = document.createElement('div')
  const uncaught: unknown[] = []
  const root: Root = createRoot(container, { onUncaughtError: (error) => uncaught.push(error) })
  root.render(node)
  return {
    container,
    render: (next) => root.render(next),
    unmount: () => root.unmount(),
    uncaught,
  }
}

/** Waits until the tree shows `text` (the commits of a real render are asynchronous). */
export async function waitForText(tree: RenderedTree, text: string | RegExp): Promise<void> {
  await vi.waitFor(
    () => {
      if (typeof text === 'string') expect(tree.container.textContent).toBe(text)
      else expect(tree.container.textContent).toMatch(text)
    },
    { timeout: 10_000, interval: 10 },
  )
}

/** Counts the reference server's GraphQL requests from its request log (`POST /graphql 200 1.2ms`). */
export function graphqlRequestCounter(): { log: (line: string) => void; count: () => number } {
  const lines: string[] = []
  return {
    log: (line) => lines.push(line),
    count: () => lines.filter((line) => / \/graphql /.test(line)).length,
  }
}
