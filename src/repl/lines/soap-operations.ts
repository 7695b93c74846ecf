import type { Context } from '../../core/context.js'
import { colourEnabled } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { operationViews } from '../../exchange/soap/operation-views.js'
import { serviceVersions } from '../../protocols/soap/client/service-description.js'
import { formatSoapOperations } from '../../render/format-soap-operations.js'
import { terminalColumns } from '../../render/output-width.js'
import type { ReplSession } from '../session.js'
import { sessionSoapService } from './session-soap-service.js'

/** `.ops`: the WSDL's operations with their parameters, as `apictl soap ops` lists them. */
export async function printSoapOperations(session: ReplSession, ctx: Context): Promise<number> {
  const loaded = await (await sessionSoapService(session)).description({ signal: ctx.signal })
  if (loaded === undefined) {
    throw new UsageError(`Profile ${session.profileName} has no WSDL, so its operations are unknown.`, {
      hint: `Add one: apictl profile add ${session.profileName} --wsdl URL, or switch: .profile NAME`,
    })
  }
  const { service } = loaded
  const versions = serviceVersions(service)
  const heading = [`${service.name ?? 'SOAP service'}  ${service.targetNamespace}`]
  heading.push(
    session.target.builtin
      ? `SOAP ${versions.join(' and ')} at ${session.target.soap}`
      : `SOAP ${versions.join(' and ')}; WSDL ${loaded.location}`,
  )
  const operations = operationViews(service)
  const colour = colourEnabled(ctx.stdout, ctx.env, undefined)
  ctx.stdout.write(
    `${formatSoapOperations({ heading, operations }, { colour, columns: terminalColumns(ctx.stdout) })}\n`,
  )
  return 0
}
