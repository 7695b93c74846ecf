/** The name of the built-in profile: the embedded reference server. */
export const LOCAL_PROFILE_NAME = 'local'

/** OAuth 2.0 client-credentials settings (SPEC §3, `--oauth2`). */
export interface OAuth2Settings {
  tokenUrl: string
  clientId: string
  clientSecret: string
  scope?: string
}

export interface ProfileAuth {
  /** HTTP Basic, as `USER:PASS`. */
  user?: string
  /** Sent as `Authorization: Bearer TOKEN`. */
  token?: string
  oauth2?: OAuth2Settings
}

/**
 * Where each style is served, plus defaults for every request. String values
 * may hold `${env:NAME}` references; they are stored literally and expanded
 * at send time (see resolve-profile.ts).
 */
export interface Profile {
  rest?: string
  graphql?: string
  soap?: string
  wsdl?: string
  /** The REST API's OpenAPI document: a URL or a file. */
  openapi?: string
  headers?: Record<string, string>
  auth?: ProfileAuth
  /** Seconds. */
  timeout?: number
  insecure?: boolean
}

/** The shape of config.json. */
export interface ConfigFile {
  version: 1
  /** The profile used when neither --profile nor APICTL_PROFILE names one. */
  current?: string
  profiles: Record<string, Profile>
}

export function emptyConfig(): ConfigFile {
  return { version: 1, profiles: {} }
}
