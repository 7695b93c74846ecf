import { describe, expect, it } from 'vitest'
import { formatCommanderError } from '../../src/cli/commander-error.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'

describe("commander's own errors: one sentence, then a try line naming the command's --help; exit 2", () => {
  it.each([
    [['rest'], "error: Missing required argument 'method'.\n  try:   apictl rest --help\n"],
    [
      ['rest', 'get', '/v1/items', '--bogus'],
      "error: Unknown option '--bogus'.\n  try:   apictl rest --help\n",
    ],
    [
      ['rest', 'get', '/v1/items', '--page', 'two'],
      "error: Option '--page <n>' argument 'two' is invalid: expected a whole number, 1 or more.\n  try:   apictl rest --help\n",
    ],
    [['profile', 'show'], "error: Missing required argument 'name'.\n  try:   apictl profile show --help\n"],
    [
      ['rest', 'get', '/v1/items', '--tmeout', '3'],
      "error: Unknown option '--tmeout'. (Did you mean --timeout?)\n  try:   apictl rest --help\n",
    ],
  ])('%j', async (args, expected) => {
    const result = await runCliInProcess(args)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(expected)
  })
})

describe('formatCommanderError', () => {
  it('keeps a message that already ends in punctuation', () => {
    expect(formatCommanderError("error: too many arguments for 'lint'. Expected 1.\n", 'apictl rest')).toBe(
      "error: Too many arguments for 'lint'. Expected 1.\n  try:   apictl rest --help\n",
    )
  })
})
