import type { Command } from 'commander'
import type { Context } from '../../core/context.js'
import { completeRestWords } from '../../exchange/rest/complete-rest-words.js'
import { REST_FIRST_WORDS } from '../rest-first-words.js'

/** A completion waits no longer than this: past it, the shell gets nothing from the document. */
const TIME_BOX_MS = 300

/** Options that take a value (`--profile X`), read from the `rest` command's own definition. */
function valueFlags(program: Command): Set<string> {
  const rest = program.commands.find((command) => command.name() === 'rest')
  const flags = new Set<string>()
  for (const option of rest?.options ?? []) {
    if (!option.required && !option.optional) continue
    if (option.long !== undefined) flags.add(option.long)
    if (option.short !== undefined) flags.add(option.short)
  }
  return flags
}

/**
 * `apictl __complete -- WORD…` (hidden; what the bash, zsh and fish scripts
 * run on Tab): the candidates for the last word from the cached OpenAPI
 * document, one per line. Never an error: a completion that cannot answer
 * in time, or at all, prints nothing.
 */
export async function runCompleteWords(words: string[], program: Command, ctx: Context): Promise<number> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), TIME_BOX_MS)
  })
  const candidates = await Promise.race([
    completeRestWords(words, { valueFlags: valueFlags(program), firstWords: REST_FIRST_WORDS }, ctx).catch(
      () => [],
    ),
    late,
  ])
  clearTimeout(timer)
  // One shell word each: nothing with spaces or control characters (a hostile document's paths).
  const shown = candidates.filter((each) => /^[^\s\p{Cc}]+$/u.test(each))
  if (shown.length > 0) ctx.stdout.write(`${shown.join('\n')}\n`)
  return 0
}
