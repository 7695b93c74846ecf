import type { Option } from 'commander'
import { didYouMean } from '../../config/did-you-mean.js'
import type { Context } from '../../core/context.js'
import { colourEnabled } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { createTheme } from '../../render/theme.js'
import { wrapWords as wrap } from '../../render/wrap-words.js'
import type { CommandGroup, ReplCommand } from '../command.js'
import { lineOptions } from '../lines/line-options.js'

const groups: Array<[CommandGroup, string]> = [
  ['rest', 'REST'],
  ['gql', 'GraphQL'],
  ['soap', 'SOAP'],
  ['values', 'Chaining'],
  ['session', 'Session'],
  ['saved', 'History and saved requests'],
]

/** `.help`: every command, generated from the registry; `.help NAME` one command in detail. */
export const helpCommand: ReplCommand = {
  name: '.help',
  aliases: ['help'],
  synopsis: '.help COMMAND',
  summary: 'details and examples of a command',
  group: 'session',
  literal: true,
  async run(input, session, ctx) {
    const theme = createTheme(colourEnabled(ctx.stdout, ctx.env, undefined))
    const commands = input.commands.all()
    const [name] = input.words
    if (name !== undefined) {
      const command = input.commands.find(name) ?? input.commands.find(`.${name}`)
      if (command === undefined) {
        const names = commands.flatMap((each) => [each.name, ...(each.aliases ?? [])])
        throw new UsageError(`No command '${name}'.${didYouMean(name, names)}`, { hint: '.help lists them.' })
      }
      const lines = [theme.bold(command.synopsis), `  ${command.summary}`]
      if (command.help) lines.push('', ...command.help.split('\n').map((line) => `  ${line}`))
      if (command.options) lines.push('', '  Options:', ...optionLines(lineOptions(command.options), ctx))
      ctx.stdout.write(`${lines.join('\n')}\n`)
      return 0
    }
    const width = Math.max(...commands.map((command) => command.synopsis.length))
    const room = Math.max(30, (ctx.stdout.columns ?? 100) - width - 5)
    const lines: string[] = []
    for (const [group, title] of groups) {
      const members = commands.filter((command) => command.group === group)
      if (members.length === 0) continue
      lines.push(theme.bold(title))
      for (const command of members) {
        const [first, ...more] = wrap(command.summary, room)
        lines.push(`  ${theme.key(command.synopsis.padEnd(width))}  ${first}`)
        for (const line of more) lines.push(`  ${' '.repeat(width)}  ${line}`)
      }
      lines.push('')
    }
    const footer = [
      '{{last.path}} puts a value of the last result into any line (REST: the body; GraphQL: data; SOAP: the values).',
      `Bare lines are read as ${session.style} (use rest|gql|soap). Tab completes commands, paths, fields, arguments, operations and parameters; ↑ recalls earlier lines; Ctrl-C cancels a request or clears the line.`,
    ]
    lines.push(...footer.flatMap((paragraph) => wrap(paragraph, (ctx.stdout.columns ?? 100) - 1)))
    ctx.stdout.write(`${lines.join('\n')}\n`)
    return 0
  },
  complete: (request) =>
    request.words.length === 0 ? request.commands.all().map((command) => command.name) : [],
}

/** One line per option, as the command line declares it: flags, then what it does (wrapped under itself). */
function optionLines(options: readonly Option[], ctx: Context): string[] {
  const width = Math.max(...options.map((option) => option.flags.length))
  const room = Math.max(30, (ctx.stdout.columns ?? 100) - width - 7)
  return options.flatMap((option) => {
    const [first = '', ...more] = wrap(option.description, room)
    return [
      `    ${option.flags.padEnd(width)}  ${first}`,
      ...more.map((line) => `    ${' '.repeat(width)}  ${line}`),
    ]
  })
}
