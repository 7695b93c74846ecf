import { randomBytes } from 'node:crypto'
import { ApictlError } from '../../../core/errors.js'
import { ExitCode } from '../../../core/exit-codes.js'

export const defaultTokenTtlSeconds = 3600
const issuer = 'apictl'
let processSecret: Uint8Array | undefined

export interface TokenSettings {
  /** HS256 key; default env APICTL_JWT_SECRET, else a random secret for this process. */
  secret?: string | undefined
  /** Lifetime of issued tokens in seconds; default env APICTL_TOKEN_TTL, else 3600. */
  ttlSeconds?: number | undefined
}

export type TokenCheck = { ok: true; subject: string } | { ok: false; reason: string; expired?: boolean }

function secretBytes(secret: string | undefined): Uint8Array {
  if (secret !== undefined && secret !== '') return new TextEncoder().encode(secret)
  processSecret ??= new Uint8Array(randomBytes(32))
  return processSecret
}

/** Reads the token settings from the environment (APICTL_JWT_SECRET, APICTL_TOKEN_TTL). */
export function tokenSettingsFromEnv(env: Record<string, string | undefined>): TokenSettings {
  const ttl = env.APICTL_TOKEN_TTL
  if (ttl === undefined || ttl === '') return { secret: env.APICTL_JWT_SECRET }
  if (!/^\d+$/.test(ttl) || Number(ttl) < 1) {
    throw new ApictlError(
      `APICTL_TOKEN_TTL=${JSON.stringify(ttl)} is not a number of seconds`,
      ExitCode.Usage,
      {
        where: 'environment',
        hint: 'set APICTL_TOKEN_TTL to a whole number of seconds >= 1, or unset it for the default (3600)',
      },
    )
  }
  return { secret: env.APICTL_JWT_SECRET, ttlSeconds: Number(ttl) }
}

/**
 * Signs and checks the server's bearer tokens: JWTs with HS256 pinned, a
 * signature and an `exp` required. jose loads on first use, so a server that
 * never sees a token never pays for it.
 */
export class TokenIssuer {
  readonly ttlSeconds: number
  readonly #secret: string | undefined
  #keyBytes: Uint8Array | undefined

  constructor(settings: TokenSettings = {}) {
    this.#secret = settings.secret
    this.ttlSeconds = settings.ttlSeconds ?? defaultTokenTtlSeconds
  }

  /** Made on first use: a random process secret needs node:crypto, which a server that never signs need not load. */
  get #key(): Uint8Array {
    this.#keyBytes ??= secretBytes(this.#secret)
    return this.#keyBytes
  }

  async sign(subject: string, scope?: string): Promise<{ token: string; expiresIn: number }> {
    const { SignJWT } = await import('jose')
    const claims = scope === undefined ? {} : { scope }
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.#key)
    return { token, expiresIn: this.ttlSeconds }
  }

  async verify(token: string): Promise<TokenCheck> {
    const { jwtVerify } = await import('jose')
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      })
      return { ok: true, subject: typeof payload.sub === 'string' ? payload.sub : 'token' }
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') {
        return { ok: false, reason: 'the bearer token has expired', expired: true }
      }
      return { ok: false, reason: 'the bearer token is not valid' }
    }
  }
}
