import type { Context } from '../../core/context.js'
import { runRequestFiles } from '../../exchange/run/run-request-files.js'
import { printRunProblems } from '../../render/report/print-run-problems.js'
import type { ReplSession } from '../session.js'
import { commonOptions } from './line-options.js'

/** `.run FILE.http`: the file's requests over the session's target, headers, auth and cookies; the summary; its exit code. */
export async function runFileInSession(file: string, session: ReplSession, ctx: Context): Promise<number> {
  const report = await runRequestFiles(
    {
      files: [file],
      common: session.requestOptions(commonOptions({})),
      target: session.target,
      warn: (line) => ctx.stderr.write(`${line}\n`),
    },
    ctx,
  )
  printRunProblems(report, ctx.stderr, { dryRun: false })
  return report.exitCode
}
