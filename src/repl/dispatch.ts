import { didYouMean } from '../config/did-you-mean.js'
import type { Context } from '../core/context.js'
import { UsageError } from '../core/errors.js'
import type { CommandIndex, CommandInput, ReplCommand } from './command.js'
import type { ReplSession } from './session.js'
import type { Style } from './style.js'
import { openBrackets } from './text/graphql-text.js'
import { interpolate } from './text/interpolate.js'
import { splitWords } from './text/split-words.js'

/** A line matched to its command: the name typed, the rest of the line, and the line with its style written out. */
export interface ResolvedLine {
  command: ReplCommand
  name: string
  text: string
  /** `gql { … }` for a bare document in gql style: what `.save` keeps. */
  canonical: string
}

const documentStart = /^(\{|query\b|mutation\b|subscription\b|fragment\b)/
const operationName = /^[A-Za-z_][\w.-]*$/

/**
 * Turns lines into commands: the first word names one; otherwise the
 * session's style reads the line (a path in rest, a document in gql, an
 * operation in soap). Then `{{…}}` is filled in, the command checks the
 * line, and runs.
 */
export class Dispatcher implements CommandIndex {
  private readonly byName = new Map<string, ReplCommand>()

  constructor(private readonly commands: readonly ReplCommand[]) {
    for (const command of commands) {
      for (const name of [command.name, ...(command.aliases ?? [])]) this.byName.set(name, command)
    }
  }

  all(): readonly ReplCommand[] {
    return this.commands
  }

  /** By name or alias; methods in capitals too (`GET /v1/items`), so `GetItem` stays a SOAP operation. */
  find(name: string): ReplCommand | undefined {
    const exact = this.byName.get(name)
    if (exact !== undefined) return exact
    if (name !== name.toUpperCase()) return undefined
    const lower = this.byName.get(name.toLowerCase())
    return lower?.group === 'rest' ? lower : undefined
  }

  /** What Tab offers on an empty line: each command once (the REST one under every method). */
  mainNames(): string[] {
    return this.commands.flatMap((command) =>
      command.group === 'rest' ? [command.name, ...(command.aliases ?? [])] : [command.name],
    )
  }

  /** Names a line can start with (commands, their aliases). */
  names(): string[] {
    return [...this.byName.keys()]
  }

  resolve(line: string, style: Style): ResolvedLine | undefined {
    const trimmed = line.trim()
    if (trimmed === '') return undefined
    const name = /^gql(?=\{)/.test(trimmed) ? 'gql' : trimmed.split(/\s/, 1)[0]!
    const command = this.find(name)
    if (command !== undefined) {
      const text = trimmed.slice(name.length).trimStart()
      return { command, name: name.toLowerCase(), text, canonical: trimmed }
    }
    const bare = this.bare(trimmed, style)
    if (bare !== undefined) return bare
    throw this.unknown(name, style, trimmed)
  }

  /** True while a line is a GraphQL document whose braces are still open. */
  continues(text: string, style: Style): boolean {
    const trimmed = text.trim()
    const isDocument = /^gql(\s|\{|$)/.test(trimmed) || (style === 'gql' && documentStart.test(trimmed))
    return isDocument && openBrackets(trimmed) > 0
  }

  async run(line: string, session: ReplSession, ctx: Context): Promise<number> {
    const resolved = this.resolve(line, session.style)
    if (resolved === undefined) return 0
    const { command } = resolved
    const text = command.literal ? resolved.text : interpolate(resolved.text, session)
    const words =
      command.input === 'text'
        ? []
        : splitWords(resolved.text).map((word) => (command.literal ? word : interpolate(word, session)))
    const input: CommandInput = { name: resolved.name, words, text, commands: this }
    command.validate?.(input, session)
    if (command.request) session.lastRequest = resolved.canonical
    return command.run(input, session, ctx)
  }

  private bare(line: string, style: Style): ResolvedLine | undefined {
    const first = line.split(/\s/, 1)[0]!
    if (style === 'rest' && (first.startsWith('/') || /^https?:\/\//i.test(first))) {
      return { command: this.find('get')!, name: 'get', text: line, canonical: `get ${line}` }
    }
    if (style === 'gql' && documentStart.test(line)) {
      return { command: this.find('gql')!, name: 'gql', text: line, canonical: `gql ${line}` }
    }
    if (style === 'soap' && operationName.test(first)) {
      return { command: this.find('soap')!, name: 'soap', text: line, canonical: `soap ${line}` }
    }
    return undefined
  }

  private unknown(name: string, style: Style, line: string): UsageError {
    if (documentStart.test(line)) {
      return new UsageError('This looks like a GraphQL document.', {
        hint: `Start it with gql (gql ${line.slice(0, 30)}…), or read bare lines as GraphQL: use gql`,
      })
    }
    if (name.startsWith('/')) {
      return new UsageError(`'${name}' is a path; say what to do with it.`, {
        hint: `get ${name} (or use rest, and then a bare path is a GET)`,
      })
    }
    const hint =
      style === 'soap'
        ? '.help lists the commands; in soap style a bare line is an operation: GetItem id=1.'
        : style === 'gql'
          ? '.help lists the commands; in gql style a bare line is a document: { items { id } }.'
          : '.help lists the commands; in rest style a bare path is a GET: /v1/items.'
    return new UsageError(`Unknown command '${name}'.${didYouMean(name, this.names())}`, { hint })
  }
}
