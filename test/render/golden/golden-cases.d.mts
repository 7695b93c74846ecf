import type { ServerResponse } from 'node:http'

export interface GoldenMode {
  name: string
  args: string[]
  env: Record<string, string>
}
export function goldenModes(name: string): GoldenMode[]
export const pagedCases: Array<{ name: string; path: string }>
export function servePaged(url: URL, response: ServerResponse): void
