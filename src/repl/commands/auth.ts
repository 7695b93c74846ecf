import { UsageError } from '../../core/errors.js'
import { mask } from '../../render/redact.js'
import type { ReplCommand } from '../command.js'
import type { ReplSession } from '../session.js'

const kinds = ['basic', 'bearer', 'wss', 'none', 'profile'] as const

/** `.auth basic demo:demo`: credentials for every request from now on (kept out of the history file). */
export const authCommand: ReplCommand = {
  name: '.auth',
  synopsis: '.auth basic|bearer|wss|none …',
  summary: 'credentials for every request: basic USER:PASS, bearer TOKEN, wss USER:PASS',
  help: `basic and bearer set the Authorization header (REST, GraphQL, SOAP); wss adds a WS-Security
UsernameToken to SOAP calls; none sends no credentials, not even the profile's; profile goes back to them.
The reference server's writes take basic demo:demo (REST, GraphQL) and wss demo:demo (SOAP).`,
  group: 'session',
  validate(input) {
    const [kind, value, ...rest] = input.words
    if (kind === undefined) return
    if (!(kinds as readonly string[]).includes(kind) || rest.length > 0) {
      throw new UsageError(`.auth ${input.words.join(' ')}: expected ${kinds.join(', ')}.`, {
        hint: 'For example: .auth basic demo:demo',
      })
    }
    const needsValue = kind === 'basic' || kind === 'bearer' || kind === 'wss'
    if (needsValue !== (value !== undefined)) {
      throw new UsageError(needsValue ? `.auth ${kind} needs a value.` : `.auth ${kind} takes no value.`)
    }
    if ((kind === 'basic' || kind === 'wss') && !value!.includes(':')) {
      throw new UsageError(`.auth ${kind} expects USER:PASS.`, {
        hint: `For example: .auth ${kind} demo:demo`,
      })
    }
  },
  async run(input, session, ctx) {
    const [kind, value] = input.words
    if (kind === undefined) {
      ctx.stdout.write(`${describe(session)}\n`)
      return 0
    }
    if (kind === 'wss') session.wss = value
    else if (kind === 'basic') session.auth = { kind, user: value! }
    else if (kind === 'bearer') session.auth = { kind, token: value! }
    else if (kind === 'none') {
      session.auth = { kind }
      session.wss = undefined
    } else session.auth = { kind: 'profile' }
    ctx.stderr.write(`${confirmation(kind, session)}\n`)
    return 0
  },
  complete: (request) => (request.words.length === 0 ? [...kinds] : []),
}

/** What `.auth KIND …` now sends, in one line, credentials hidden. */
function confirmation(kind: string, session: ReplSession): string {
  if (kind === 'wss') return `auth: WS-Security UsernameToken ${masked(session.wss!)} on every SOAP call`
  if (kind === 'none') return "auth: no credentials from now on (not even the profile's)"
  if (kind === 'profile') {
    const auth = session.target.profile.auth
    return `auth: the profile's credentials from now on (${auth ? Object.keys(auth).join(', ') : 'it has none'})`
  }
  return `auth: ${httpAuth(session)} on every request`
}

/** `demo:demo` → `demo:••••` */
function masked(userPass: string): string {
  return `${userPass.slice(0, userPass.indexOf(':'))}:${mask}`
}

function httpAuth(session: ReplSession): string {
  const { auth } = session
  return auth.kind === 'basic'
    ? `HTTP Basic ${masked(auth.user)}`
    : auth.kind === 'bearer'
      ? `Bearer ${mask}`
      : auth.kind === 'none'
        ? 'none'
        : `the profile's (${session.target.profile.auth ? Object.keys(session.target.profile.auth).join(', ') : 'none'})`
}

function describe(session: ReplSession): string {
  const wss = session.wss === undefined ? 'none' : masked(session.wss)
  return `HTTP: ${httpAuth(session)}\nWS-Security: ${wss}`
}
