import type { Profile } from '../config/profile.js'
import type { Context } from '../core/context.js'
import { UsageError } from '../core/errors.js'
import type { HttpResponse } from '../core/exchange.js'
import type { CommonOptions } from '../core/request-options.js'
import type { LoadedOpenApi } from '../exchange/rest/load-openapi.js'
import type { Target } from '../exchange/target.js'
import type { Prompter } from '../prompt/prompter.js'
import { KnownPaths, REFERENCE_PATHS } from './complete/known-paths.js'
import { Connection } from './connection.js'
import type { Style } from './style.js'

/** The last response, for `{{last.…}}`, `set` and `.last`. */
export interface LastResult {
  style: Style
  /** REST: the decoded body; GraphQL: `data`; SOAP: the response values (or `{ fault }`). */
  value: unknown
  response: HttpResponse
  /** What was sent, for `.last`: `GET http://…/v1/items/1`. */
  label: string
}

/** `.auth`: the profile's credentials, none, or the session's own. */
export type SessionAuth =
  | { kind: 'profile' }
  | { kind: 'none' }
  | { kind: 'basic'; user: string }
  | { kind: 'bearer'; token: string }

/** What `.profile NAME` changed besides the target. */
export interface ProfileSwitch {
  /** `.header`, `.auth`: what was set for the previous profile and is dropped. */
  dropped: string[]
  /** A built-in server ran earlier in the session, and this is a new one: its store starts from the seed. */
  newStore: boolean
}

export interface SessionOptions {
  profileName?: string
  /** On a terminal: colours, prompts, guided input, a banner. */
  terminal: boolean
  /** Answers for guided input instead of the terminal (tests). */
  prompter?: Prompter
}

/** Lets a prompt take the terminal from the line editor and give it back. */
export interface TerminalHandover {
  suspend(): void
  resume(): void
}

/**
 * Everything a REPL session knows, in one explicit object (no module
 * state): the profile's connection, the style bare lines are read in,
 * headers and auth added to every request, variables, the last result,
 * and the paths seen. Commands read and change it; nothing else does.
 */
export class ReplSession {
  style: Style = 'rest'
  /** `.header`: sent with every request after the profile's; an empty value unsets one. */
  readonly headers: Array<[string, string]> = []
  auth: SessionAuth = { kind: 'profile' }
  /** `.auth wss USER:PASS`: a WS-Security UsernameToken on every SOAP call. */
  wss: string | undefined
  /** `set name = …`: values for `{{name}}`. */
  readonly variables = new Map<string, unknown>()
  /** `var name=value`: GraphQL variables, as typed (`name=value` or `name:=JSON`), coerced per document. */
  readonly graphqlVariables = new Map<string, string>()
  last: LastResult | undefined
  /** The last request line (its style written out), for `.save`. */
  lastRequest: string | undefined
  /** This session's entries as typed, for `.history` (which shows them redacted). */
  readonly entries: string[] = []
  /** Earlier sessions' entries from the history file (already redacted), oldest first. */
  earlierHistory: readonly string[] = []
  paths: KnownPaths
  /** `.exit` was given. */
  leaving = false
  /** One-time notes already shown (a tip is given once per session). */
  readonly notes = new Set<string>()
  terminal: TerminalHandover = { suspend() {}, resume() {} }
  /** A built-in server ran in this session (another one starts with an empty slate). */
  private ranBuiltin: boolean
  /** The REST API's OpenAPI document, read (from the cache, or discovered) on first need. */
  private openApiLoad: Promise<LoadedOpenApi | undefined> | undefined

  private constructor(
    public connection: Connection,
    readonly ctx: Context,
    readonly options: SessionOptions,
  ) {
    this.paths = knownPaths(connection.target)
    this.ranBuiltin = connection.target.builtin
  }

  /** Opens the profile's target (for `local`, starts the embedded server once, for the whole session). */
  static async open(options: SessionOptions, ctx: Context): Promise<ReplSession> {
    const connection = await Connection.open(options.profileName, ctx, !options.terminal)
    return new ReplSession(connection, ctx, options)
  }

  get target(): Target {
    return this.connection.target
  }

  get profileName(): string {
    return this.target.profileName
  }

  /**
   * The profile's OpenAPI document (its `openapi` field, or discovered at
   * the REST base; cached like the CLI's), or undefined when there is none
   * or it cannot be read: completion and line checks then go without.
   * `fetch` false reads only the cache (a line to another API never waits
   * on discovery); Tab fetches. The built-in server's document is always
   * at hand.
   */
  async openApi(fetch: boolean): Promise<LoadedOpenApi | undefined> {
    if (this.openApiLoad !== undefined) return this.openApiLoad
    const fetching = fetch || this.target.builtin
    const load = import('../exchange/rest/load-openapi.js')
      .then(({ loadOpenApi }) =>
        loadOpenApi(
          {
            profileSource: this.profile().openapi,
            discoverAt: this.target.rest,
            builtin: this.target.builtin,
            fetch: fetching,
            insecure: this.profile().insecure === true,
          },
          this.ctx,
        ),
      )
      .catch(() => undefined)
    const loaded = await load
    if (fetching || loaded !== undefined) this.openApiLoad = load
    return loaded
  }

  /** `local rest> ` */
  prompt(): string {
    return `${this.profileName} ${this.style}> `
  }

  /**
   * `.profile NAME`: opens the new profile's target first, so a bad name
   * changes nothing. Headers and credentials set with `.header`/`.auth` were
   * meant for the old target and are dropped (never sent to another host);
   * returns what was dropped, and whether a new built-in server (a fresh
   * store) replaced one used before. Variables and the last result stay.
   */
  async switchProfile(name: string): Promise<ProfileSwitch> {
    const next = await Connection.open(name, this.ctx, false)
    const previous = this.connection
    this.connection = next
    this.paths = knownPaths(next.target)
    this.openApiLoad = undefined
    await previous.close()
    const dropped = [
      ...(this.headers.length > 0 ? ['.header'] : []),
      ...(this.auth.kind !== 'profile' || this.wss !== undefined ? ['.auth'] : []),
    ]
    this.headers.length = 0
    this.auth = { kind: 'profile' }
    this.wss = undefined
    const newStore = next.target.builtin && this.ranBuiltin
    this.ranBuiltin ||= next.target.builtin
    return { dropped, newStore }
  }

  /** A line's options with the session's headers and auth added (the line's own win). */
  requestOptions(line: CommonOptions): CommonOptions {
    const auth = this.auth
    const ownAuth = line.user !== undefined || line.token !== undefined || line.oauth2 !== undefined
    return {
      ...line,
      sessionHeaders: [...this.headers],
      user: ownAuth ? line.user : auth.kind === 'basic' ? auth.user : undefined,
      token: ownAuth ? line.token : auth.kind === 'bearer' ? auth.token : undefined,
    }
  }

  /** The profile's settings, without its credentials after `.auth none`. */
  profile(): Profile {
    const profile = this.target.profile
    return this.auth.kind === 'none' ? { ...profile, auth: undefined } : profile
  }

  remember(last: LastResult): void {
    this.last = last
  }

  /**
   * Runs guided input: the line editor hands the terminal to inquirer for
   * the prompts and takes it back after, whatever happens.
   */
  async withPrompter<T>(what: string, run: (prompter: Prompter) => Promise<T>): Promise<T> {
    if (this.options.prompter) return run(this.options.prompter)
    if (!this.options.terminal) {
      throw new UsageError(`${what} asks questions, which needs a terminal, and this session has none.`, {
        hint: 'Write the request out instead; .help lists the forms.',
      })
    }
    const { inquirerPrompter } = await import('../prompt/inquirer-prompter.js')
    this.terminal.suspend()
    try {
      return await run(
        inquirerPrompter({
          input: this.ctx.stdin,
          output: this.ctx.stderr as unknown as NodeJS.WritableStream,
        }),
      )
    } finally {
      this.terminal.resume()
    }
  }

  close(): Promise<void> {
    return this.connection.close()
  }
}

function knownPaths(target: Target): KnownPaths {
  return new KnownPaths(target.builtin ? REFERENCE_PATHS : [])
}
