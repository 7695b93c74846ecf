import { readFile } from 'node:fs/promises'
import { localPath } from '../../config/paths.js'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { fileProblem } from '../../core/file-problem.js'
import { type Envelope, EnvelopeError, readEnvelope } from '../../protocols/soap/envelope.js'
import { decodeXml } from '../../protocols/soap/xml/decode-xml.js'
import { XmlReadError } from '../../protocols/soap/xml/xml-read-error.js'
import { readStdinBytes } from '../read-stdin.js'

/** An envelope written elsewhere (`soap send FILE`): its text, sent as it is, and what it says. */
export interface ReadyEnvelope {
  text: string
  envelope: Envelope
}

/** `soap send FILE` (`-`: stdin): the envelope, or a usage error when it is not one (nothing is sent). */
export async function readReadyEnvelope(file: string, ctx: Context): Promise<ReadyEnvelope> {
  if (file === '-') {
    const bytes = await readStdinBytes(ctx, {
      message: 'soap send - reads the envelope from stdin, but stdin is a terminal.',
      hint: 'Pipe it in: apictl soap envelope GetItem id=1 -o raw | apictl soap send -',
    })
    return readyEnvelope(bytes, 'stdin')
  }
  const path = localPath(file, ctx)
  let bytes: Buffer
  try {
    bytes = await readFile(path)
  } catch (error) {
    throw new UsageError(`Cannot read ${path} (${fileProblem(error)}).`, {
      hint: 'apictl soap send FILE.xml sends a ready SOAP envelope (- reads it from stdin); apictl soap envelope OP … > FILE.xml makes one.',
    })
  }
  return readyEnvelope(bytes, path)
}

/** An envelope from its bytes (`source` names it in the message when it is not one). */
export function readyEnvelope(bytes: Buffer, source: string): ReadyEnvelope {
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
