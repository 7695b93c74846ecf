import type { Context } from '../../core/context.js'
import type { CommonOptions } from '../../core/request-options.js'
import { openLazyTarget } from '../open-target.js'
import { requestDefaults, transportOptions } from '../request-defaults.js'
import { SoapService } from './soap-service.js'

/** The target options of `apictl soap …`. */
export interface SoapTargetOptions {
  /** A URL or file; false with --no-wsdl (the profile's is not used either). */
  wsdl?: string | false | undefined
  refreshWsdl?: boolean | undefined
}

/**
 * The service for one `apictl soap` run: the profile's target, whose
 * built-in server starts only when the run needs it (to read its WSDL on a
 * cold cache, or to send), and the WSDL cached on disk.
 */
export async function openSoapService(
  options: SoapTargetOptions,
  common: CommonOptions,
  ctx: Context,
): Promise<SoapService> {
  const target = await openLazyTarget({ profileName: common.profile }, ctx)
  const profile = target.current.profile
  return new SoapService({
    target,
    cache: 'disk',
    wsdl: options.wsdl,
    refresh: options.refreshWsdl === true,
    fetchSettings: () => ({
      ...requestDefaults(common, profile),
      transport: transportOptions(common, profile, ctx),
    }),
    noWsdlHint:
      "Give the WSDL with --wsdl URL|FILE (or the profile's wsdl), or name the operation's namespace with --ns URI.",
    noEndpointHint:
      'Give -e URL, or --wsdl URL|FILE whose service has a port for this version, or a profile with a soap URL.',
    ctx,
  })
}
