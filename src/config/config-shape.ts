import type { ConfigFile } from './profile.js'

type Check = (value: unknown) => boolean

const isString: Check = (value) => typeof value === 'string'
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const PROFILE_FIELDS: Record<string, [Check, string]> = {
  rest: [isString, 'a string'],
  graphql: [isString, 'a string'],
  soap: [isString, 'a string'],
  wsdl: [isString, 'a string'],
  openapi: [isString, 'a string'],
  headers: [(value) => isObject(value) && Object.values(value).every(isString), 'an object of strings'],
  auth: [isObject, 'an object'],
  timeout: [(value) => typeof value === 'number' && Number.isFinite(value) && value > 0, 'a positive number'],
  insecure: [(value) => typeof value === 'boolean', 'true or false'],
}

const AUTH_FIELDS: Record<string, [Check, string]> = {
  user: [isString, 'a string (USER:PASS)'],
  token: [isString, 'a string'],
  oauth2: [isObject, 'an object'],
}

/**
 * What is wrong with parsed config.json, as one sentence naming the field, or
 * undefined when it has the expected shape. Unknown fields are kept as they
 * are (a newer apictl may have written them).
 */
export function configShapeProblem(data: unknown): string | undefined {
  if (!isObject(data)) return 'the top level must be a JSON object'
  if (data.version !== undefined && data.version !== 1) {
    return `"version" is ${JSON.stringify(data.version)}, but this apictl reads version 1 (was it written by a newer apictl?)`
  }
  if (data.current !== undefined && !isString(data.current))
    return '"current" must be a profile name (a string)'
  if (data.profiles === undefined) return undefined
  if (!isObject(data.profiles)) return '"profiles" must be an object of profiles by name'
  for (const [name, profile] of Object.entries(data.profiles)) {
    const problem = profileProblem(profile)
    if (problem !== undefined) return `profile "${name}": ${problem}`
  }
  return undefined
}

function profileProblem(profile: unknown): string | undefined {
  if (!isObject(profile)) return 'must be an object'
  const problem = fieldsProblem(profile, PROFILE_FIELDS, '')
  if (problem !== undefined || !isObject(profile.auth)) return problem
  const auth = profile.auth
  const authProblem = fieldsProblem(auth, AUTH_FIELDS, 'auth.')
  if (authProblem !== undefined || !isObject(auth.oauth2)) return authProblem
  for (const field of ['tokenUrl', 'clientId', 'clientSecret']) {
    if (!isString(auth.oauth2[field])) return `"auth.oauth2.${field}" must be a string`
  }
  if (auth.oauth2.scope !== undefined && !isString(auth.oauth2.scope))
    return '"auth.oauth2.scope" must be a string'
  return undefined
}

function fieldsProblem(
  object: Record<string, unknown>,
  fields: Record<string, [Check, string]>,
  prefix: string,
): string | undefined {
  for (const [field, [check, expected]] of Object.entries(fields)) {
    const value = object[field]
    if (value !== undefined && !check(value)) return `"${prefix}${field}" must be ${expected}`
  }
  return undefined
}

/** Fills in what a hand-written file may leave out. Call after configShapeProblem() returned undefined. */
export function normaliseConfig(data: Record<string, unknown>): ConfigFile {
  return { ...data, version: 1, profiles: (data.profiles ?? {}) as ConfigFile['profiles'] } as ConfigFile
}
