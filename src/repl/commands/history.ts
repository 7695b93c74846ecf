import { UsageError } from '../../core/errors.js'
import type { ReplCommand } from '../command.js'
import { oneLine } from '../store/history-file.js'
import { redactLine } from '../text/redact-line.js'

/** `.history [N]`: the last N entries, earlier sessions' included, numbered and redacted as the history file keeps them. */
export const historyCommand: ReplCommand = {
  name: '.history',
  synopsis: '.history [N]',
  summary: 'the last N lines (20), earlier sessions included; credentials hidden',
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
    // This line (.history itself) is the session's last entry: not shown.
    const entries = [
      ...session.earlierHistory,
      ...session.entries.slice(0, -1).map((entry) => redactLine(oneLine(entry))),
    ]
    if (entries.length === 0) {
      ctx.stderr.write('(no history yet)\n')
      return 0
    }
    const first = Math.max(0, entries.length - count)
    const width = String(entries.length).length
    for (let index = first; index < entries.length; index++) {
      ctx.stdout.write(`${String(index + 1).padStart(width)}  ${entries[index]!}\n`)
    }
    return 0
  },
}
