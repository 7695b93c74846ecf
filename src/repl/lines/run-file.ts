import { type Context, colourEnabled } from '../../core/context.js'
import { runRequestFiles } from '../../exchange/run/run-request-files.js'
import { printRunOutcome } from '../../render/report/print-run-outcome.js'
import { type RunProgress, startRunProgress } from '../../render/report/run-progress.js'
import type { ReplSession } from '../session.js'
import { commonOptions } from './line-options.js'

/** `.run FILE.http`: the file's requests over the session's target, headers, auth and cookies; the summary; its exit code. */
export async function runFileInSession(file: string, session: ReplSession, ctx: Context): Promise<number> {
  let progress: RunProgress | undefined
  const report = await runRequestFiles(
    {
      files: [file],
      common: session.requestOptions(commonOptions({})),
      target: session.target,
      warn: (line) => ctx.stderr.write(`${line}\n`),
      onStart: (total) => {
        progress = startRunProgress(ctx.stderr, total, {
          colour: colourEnabled(ctx.stderr, ctx.env, undefined),
        })
      },
      onResult: (result) => progress?.done(result),
    },
    ctx,
  ).finally(() => progress?.stop())
  printRunOutcome(report, ctx, { dryRun: false, colour: colourEnabled(ctx.stdout, ctx.env, undefined) })
  return report.exitCode
}
