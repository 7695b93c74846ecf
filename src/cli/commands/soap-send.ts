import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { fileProblem } from '../../core/file-problem.js'
import { readStdinBytes } from '../../exchange/read-stdin.js'
import { requestDefaults } from '../../exchange/request-defaults.js'
import { runExchange } from '../../exchange/run-exchange.js'
import { openSoapSession, type SoapSession } from '../../exchange/soap/soap-session.js'
import { chooseAction, soapHttpRequest } from '../../protocols/soap/client/build-soap-request.js'
import type { LoadedService } from '../../protocols/soap/client/load-service.js'
import { resultParameters } from '../../protocols/soap/client/result-parameters.js'
import { sendSoapRequest } from '../../protocols/soap/client/send-soap-request.js'
import { boundOperation, type ServiceDescription } from '../../protocols/soap/client/service-description.js'
import { type Envelope, EnvelopeError, readEnvelope } from '../../protocols/soap/envelope.js'
import type { SoapVersionId } from '../../protocols/soap/soap-version.js'
import { decodeXml } from '../../protocols/soap/xml/decode-xml.js'
import { sameName } from '../../protocols/soap/xml/qname.js'
import { XmlReadError } from '../../protocols/soap/xml/xml-read-error.js'
import { printSoapOutcome, soapValuesFormatter } from '../../render/print-soap-result.js'
import { redactingSoapBodies } from '../../render/soap-redact.js'

/**
 * `apictl soap send FILE.xml`: sends a ready envelope as it is, in the
 * version its namespace says, to the endpoint chosen as in SPEC §2 (`-`:
 * from stdin). A file that is not a SOAP envelope is refused (exit 2) and nothing is sent.
 */
export async function runSoapSend(file: string, raw: Record<string, unknown>, ctx: Context): Promise<number> {
  const { text, envelope } =
    file === '-'
      ? await readEnvelopeBytes(
          await readStdinBytes(ctx, {
            message: 'soap send - reads the envelope from stdin, but stdin is a terminal.',
            hint: 'Pipe it in: apictl soap envelope GetItem id=1 -o raw | apictl soap send -',
          }),
          'stdin',
        )
      : await readEnvelopeFile(file, ctx)
  const session = await openSoapSession(raw, ctx)
  try {
    const { common, options } = session
    const version = envelope.version
    const loaded = await optionalService(session, ctx, options.action === undefined)
    const first = envelope.body[0]
    const operation = first && loaded ? operationFor(loaded.service, version.id, first.name) : undefined
    const url = await session.endpoint(version.id)
    const defaults = requestDefaults(common, session.profile)
    const request = soapHttpRequest(
      {
        version,
        url,
        action: chooseAction(version, options.action, operation?.action),
        method: options.method,
        headers: defaults.headers,
        unsetHeaders: defaults.unsetHeaders,
        oauth2: defaults.oauth2,
      },
      text,
    )
    const formatValues = await soapValuesFormatter(common, ctx)
    return await runExchange(
      {
        request,
        common,
        profile: session.profile,
        send: (built, transport) => sendSoapRequest(built, redactingSoapBodies(transport)),
        present: (outcome) => {
          const parameters =
            outcome.kind === 'result'
              ? resultParameters(loaded?.service, version.id, outcome.operation)
              : undefined
          printSoapOutcome(outcome, common, ctx, formatValues, {
            parameters,
            operation: first?.name.local,
          })
        },
      },
      ctx,
    )
  } finally {
    await session.close()
  }
}

async function readEnvelopeFile(file: string, ctx: Context): Promise<{ text: string; envelope: Envelope }> {
  const path =
    file === '~' || file.startsWith('~/')
      ? join(ctx.env.HOME ?? homedir(), file.slice(1))
      : resolve(ctx.cwd, file)
  let bytes: Buffer
  try {
    bytes = await readFile(path)
  } catch (error) {
    throw new UsageError(`Cannot read ${path} (${fileProblem(error)}).`, {
      hint: 'apictl soap send FILE.xml sends a ready SOAP envelope (- reads it from stdin); apictl soap envelope OP … > FILE.xml makes one.',
    })
  }
  return readEnvelopeBytes(bytes, path)
}

function readEnvelopeBytes(bytes: Buffer, source: string): { text: string; envelope: Envelope } {
  try {
    const text = decodeXml(bytes)
    return { text, envelope: readEnvelope(text) }
  } catch (error) {
    if (error instanceof XmlReadError || error instanceof EnvelopeError) {
      throw new UsageError(`${source} is not a SOAP envelope: ${error.message}. Nothing was sent.`, {
        hint: 'The root must be a SOAP 1.1 or 1.2 Envelope; apictl soap envelope OPERATION … prints one.',
      })
    }
    throw error
  }
}

/** The WSDL, when one is known and the SOAPAction must come from it; a profile WSDL that fails is only a warning. */
async function optionalService(
  session: SoapSession,
  ctx: Context,
  wanted: boolean,
): Promise<LoadedService | undefined> {
  if (!wanted) return undefined
  try {
    return await session.service()
  } catch (error) {
    if (session.options.wsdl !== undefined) throw error
    ctx.stderr.write(
      `warning: the profile's WSDL could not be read (${(error as Error).message}); sending SOAPAction "".\n`,
    )
    return undefined
  }
}

/** The operation whose input is this Body element, for its SOAPAction. */
function operationFor(
  service: ServiceDescription,
  version: SoapVersionId,
  element: { namespace: string; local: string },
) {
  for (const operation of service.operations) {
    const bound = boundOperation(operation, version)
    const input = bound?.input
    if (
      input?.element !== undefined
        ? sameName(input.element, element)
        : input?.parameters[0]?.name === element.local
    ) {
      return bound
    }
  }
  return undefined
}
