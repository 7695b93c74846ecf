import type { Server, ServerResponse } from 'node:http'

export interface AnswerCase {
  name: string
  args: string[]
  path: string
  env?: Record<string, string>
  long?: boolean
}
export const answerCases: AnswerCase[]
export function answerItem(n: number): Record<string, unknown>
export function graphQLParts(options: {
  n: number
  errors?: 'none' | 'before' | 'after'
  nullData?: boolean
  broken?: boolean
  pad?: number
}): Generator<string>
export function soapParts(options: { n: number; fault?: boolean; version?: '1.1' | '1.2'; broken?: boolean }): Generator<string>
export function answerFor(url: URL): { status: number; type: string; parts: Iterable<string> }
export function sendAnswer(url: URL, response: ServerResponse): Promise<void>
export function answerText(url: URL): string
export function steadyStderr(text: string): string
export function answerServer(): Server
