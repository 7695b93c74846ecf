import type { Context } from '../../core/context.js'
import type { Target } from '../target.js'
import type { RestContract } from './rest-contract.js'

/** What decides which OpenAPI document applies: `apictl rest`'s --openapi, --refresh, --no-validate. */
export interface ContractOptions {
  openapi?: string | undefined
  refresh?: boolean | undefined
  validate?: boolean | undefined
}

/**
 * The OpenAPI document's rules for a call, when there is a document:
 * --openapi, the profile's `openapi`, or discovery at the profile's REST
 * base for a path (a full URL to another API is never probed). Both the
 * document and "there is none" are cached, so a plain request pays at most
 * a cache read.
 */
export async function openContract(
  options: ContractOptions,
  common: { insecure: boolean },
  target: Target,
  url: string,
  sending: boolean,
  ctx: Context,
): Promise<RestContract | undefined> {
  const { loadOpenApi } = await import('./load-openapi.js')
  const loaded = await loadOpenApi(
    {
      flag: options.openapi,
      profileSource: target.profile.openapi,
      discoverAt: url.startsWith('/') ? target.rest : undefined,
      builtin: target.builtin,
      refresh: options.refresh === true,
      fetch: sending,
      insecure: common.insecure || target.profile.insecure === true,
    },
    ctx,
  )
  if (loaded === undefined) return undefined
  const { createRestContract } = await import('./rest-contract.js')
  return createRestContract({ ...loaded, env: ctx.env, validate: options.validate !== false })
}
