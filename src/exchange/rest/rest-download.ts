import { existsSync, openSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Writable } from 'node:stream'
import { localPath } from '../../config/paths.js'
import type { Context } from '../../core/context.js'
import { ConfigError, ResponseError, UsageError } from '../../core/errors.js'
import { type HeaderList, type HttpRequest, type HttpResponse, headerValue } from '../../core/exchange.js'
import { decodeRestResponse } from '../../protocols/rest/client/decode-rest-response.js'
import { downloadName } from '../../protocols/rest/client/download-name.js'
import type { RestOutcome } from '../../protocols/rest/client/send-rest-request.js'
import { printDownloadStart } from '../../render/print-download.js'
import { startProgressBar } from '../../render/progress-bar.js'
import { sendToStream } from '../../transport/send-to-stream.js'
import type { TransportOptions } from '../../transport/transport-options.js'
import { fileSink } from './file-sink.js'

/** `--download [FILE]`, `--continue`, `--force`, as given. */
export interface DownloadRequest {
  file?: string
  resume: boolean
  force: boolean
}

/** Where a download goes, known before sending: the file given (if any) and the byte to resume from. */
export interface DownloadPlan {
  request: DownloadRequest
  /** The file given, made absolute. */
  path?: string
  /** Bytes already on disk (--continue): the Range asked for starts there. */
  offset: number
}

/** What a download ended with: the file saved, or the server's answer (an error page) to print as REST does. */
export type DownloadOutcome =
  | {
      kind: 'saved'
      file: string
      /** Bytes in the file now, and of them those this run wrote. */
      size: number
      written: number
      resumedFrom: number
      /** The file was already whole (416 for a range at its end). */
      complete: boolean
      ms: number
      exitCode: 0
    }
  | { kind: 'answer'; outcome: RestOutcome; exitCode: number }

/**
 * The plan and the headers a download adds: the body as sent
 * (Accept-Encoding: identity, so byte offsets mean the same on both sides)
 * and, with --continue on a file that has bytes, `Range: bytes=N-`. A file
 * that exists is never overwritten without --force (or --continue).
 */
export function planDownload(
  request: DownloadRequest,
  ctx: Pick<Context, 'env' | 'cwd'>,
): {
  plan: DownloadPlan
  headers: HeaderList
} {
  if (request.resume && request.file === undefined) {
    throw new UsageError('--continue needs the file to resume: --download FILE --continue.', {
      where: '--continue',
      hint: 'Name the partly downloaded file, e.g. --download big.iso --continue.',
    })
  }
  const path = request.file === undefined ? undefined : localPath(request.file, ctx)
  let offset = 0
  if (path !== undefined && existsSync(path)) {
    if (request.resume) offset = statSync(path).size
    else if (!request.force) {
      throw new UsageError(`${request.file} exists; apictl does not overwrite it.`, {
        where: '--download',
        hint: 'Add --force to overwrite it, --continue to resume it, or give another file name.',
      })
    }
  }
  const headers: HeaderList = [['Accept-Encoding', 'identity']]
  if (offset > 0) headers.push(['Range', `bytes=${offset}-`])
  return { plan: { request, path, offset }, headers }
}

/**
 * Sends a download: the body streamed to the file as it arrives (memory
 * stays flat), a progress bar on a terminal. With --continue, a 206 must
 * start where the file ends (Content-Range) and is appended; a 200 means
 * the server sent everything, so the file starts over; a 416 for a range
 * at the file's end means it was already whole. Any other answer is not
 * saved: it comes back to be printed as a REST answer.
 */
export async function sendDownload(
  request: HttpRequest,
  transport: TransportOptions,
  plan: DownloadPlan,
  ctx: Context,
): Promise<DownloadOutcome> {
  const started = Date.now()
  let saved: { file: string; offset: number } | undefined
  let complete = false
  const bar = startProgressBar(ctx.stderr, 'downloading')
  const observer = transport.observer
  const options: TransportOptions = {
    ...transport,
    observer: {
      ...observer,
      downloadProgress(done, total) {
        const offset = saved?.offset ?? 0
        bar.update(offset + done, total === undefined ? undefined : offset + total)
      },
    },
  }
  try {
    const answer = await sendToStream(request, options, async (head) => {
      const target = chooseTarget(head, plan, request.url, ctx)
      if (target === 'complete') complete = true
      if (target === undefined || target === 'complete') return undefined
      saved = { file: target.file, offset: target.offset }
      printDownloadStart(ctx, target, head)
      return target.stream
    })
    if (saved === undefined && !complete) {
      const result = decodeRestResponse(answer.response, request.method)
      return {
        kind: 'answer',
        outcome: { result, exitCode: result.exitCode },
        exitCode: result.exitCode,
      }
    }
    const file = saved?.file ?? plan.path!
    return {
      kind: 'saved',
      file,
      size: statSync(file).size,
      written: answer.written,
      resumedFrom: saved?.offset ?? plan.offset,
      complete,
      ms: Date.now() - started,
      exitCode: 0,
    }
  } finally {
    bar.stop()
  }
}

/** Where the body goes, from the answer's head; 'complete' for a file already whole; undefined: not saved. */
function chooseTarget(
  head: HttpResponse,
  plan: DownloadPlan,
  url: string,
  ctx: Context,
): { file: string; offset: number; stream: Writable; restarted: boolean } | 'complete' | undefined {
  const range = headerValue(head.headers, 'content-range')
  if (plan.offset > 0 && head.status === 416) {
    const total = Number(/^bytes \*\/(\d+)$/.exec(range ?? '')?.[1])
    if (total === plan.offset) return 'complete'
    throw new ResponseError(
      `The server cannot resume ${plan.request.file} at byte ${plan.offset} (416, ${range ?? 'no Content-Range'}).`,
      {
        where: url,
        hint: `The file on disk may not be the one on the server: download it again with --download ${plan.request.file} --force.`,
      },
    )
  }
  if (head.status < 200 || head.status >= 300) return undefined
  if (plan.offset > 0 && head.status === 206) {
    const start = Number(/^bytes (\d+)-\d+\/(?:\d+|\*)$/.exec(range ?? '')?.[1])
    if (start !== plan.offset) {
      throw new ResponseError(
        `The server resumed at the wrong place: Content-Range ${range ?? '(none)'}, asked for byte ${plan.offset}.`,
        {
          where: url,
          hint: `Nothing was written. Download the whole file again with --download ${plan.request.file} --force.`,
        },
      )
    }
    return {
      file: plan.path!,
      offset: plan.offset,
      stream: openFile(plan.path!, 'a', plan.request.file!),
      restarted: false,
    }
  }
  if (plan.path !== undefined) {
    // A 200 to a Range request: the server sent the whole file, so it starts over.
    const flags = plan.offset > 0 || plan.request.force ? 'w' : 'wx'
    return {
      file: plan.path,
      offset: 0,
      stream: openFile(plan.path, flags, plan.request.file!),
      restarted: plan.offset > 0,
    }
  }
  const name = downloadName(
    url,
    headerValue(head.headers, 'content-disposition'),
    headerValue(head.headers, 'content-type'),
  )
  return { offset: 0, ...freshFile(ctx.cwd, name), restarted: false }
}

/** `name`, or `name-1`, `name-2`… before the extension: the first that does not exist yet, created now. */
function freshFile(directory: string, name: string): { file: string; stream: Writable } {
  const dot = name.lastIndexOf('.')
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  for (let attempt = 0; attempt < 1000; attempt++) {
    const file = join(directory, attempt === 0 ? name : `${stem}-${attempt}${extension}`)
    if (existsSync(file)) continue
    return { file, stream: openFile(file, 'wx', file) }
  }
  throw new ConfigError(`Could not find a free name for ${name} in ${directory}.`, {
    hint: 'Give the file name: --download FILE.',
  })
}

function openFile(path: string, flags: 'a' | 'w' | 'wx', shown: string): Writable {
  let fd: number
  try {
    fd = openSync(path, flags, 0o644)
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'EEXIST') {
      throw new UsageError(`${shown} exists; apictl does not overwrite it.`, {
        where: '--download',
        hint: 'Add --force to overwrite it, --continue to resume it, or give another file name.',
      })
    }
    throw new ConfigError(`Cannot write ${shown} (${code ?? String(error)}).`, {
      where: '--download',
      hint: 'Check the directory exists and is writable, or give another file name.',
    })
  }
  return fileSink(fd)
}
