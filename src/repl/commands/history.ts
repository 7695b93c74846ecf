import { UsageError } from '../../core/errors.js'
import type { ReplCommand } from '../command.js'
import { oneLine } from '../store/history-file.js'

/** `.history [N]`: this session's lines, numbered (↑ and Ctrl-R recall older sessions' too). */
export const historyCommand: ReplCommand = {
  name: '.history',
  synopsis: '.history [N]',
  summary: "this session's last N lines (20)",
  group: 'saved',
  literal: true,
  validate(input) {
    const [count] = input.words
    if (input.words.length > 1 || (count !== undefined && !/^[1-9]\d*$/.test(count))) {
      throw new UsageError('.history takes a count, e.g. .history 50')
    }
  },
  async run(input, session, ctx) {
    const count = Number(input.words[0] ?? 20)
    const entries = session.entries.slice(0, -1)
    const first = Math.max(0, entries.length - count)
    const width = String(entries.length).length
    for (let index = first; index < entries.length; index++) {
      ctx.stdout.write(`${String(index + 1).padStart(width)}  ${oneLine(entries[index]!)}\n`)
    }
    return 0
  },
}
