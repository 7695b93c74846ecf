import type { Profile } from '../config/profile.js'

/** Where each style is served, after the profile is chosen and expanded. */
export interface Target {
  profileName: string
  /** True for the built-in `local` profile (the embedded reference server). */
  builtin: boolean
  rest?: string
  graphql?: string
  soap?: string
  wsdl?: string
  /** The expanded profile, for its headers, auth and options. */
  profile: Profile
  /** Stops what opening the target started (the embedded server). */
  close(): Promise<void>
}

/** The port `apictl serve` listens on; shown for the local profile when nothing is sent. */
export const SERVE_DEFAULT_URL = 'http://127.0.0.1:4000'

export function targetsFromBase(base: string): Pick<Target, 'rest' | 'graphql' | 'soap' | 'wsdl'> {
  return { rest: base, graphql: `${base}/graphql`, soap: `${base}/soap`, wsdl: `${base}/soap?wsdl` }
}
