import type { ReplCommand } from '../command.js'

/** `.exit`: leaves the session (as Ctrl-D does), with status 0. */
export const exitCommand: ReplCommand = {
  name: '.exit',
  aliases: ['.quit', 'exit', 'quit'],
  synopsis: '.exit',
  summary: 'leave (Ctrl-D too)',
  group: 'session',
  async run(_input, session) {
    session.leaving = true
    return 0
  },
}
