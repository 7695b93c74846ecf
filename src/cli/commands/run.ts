import { type Context, colourEnabled } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { runRequestFiles } from '../../exchange/run/run-request-files.js'
import { normalizeCommonOptions } from '../../options/common-options.js'
import type { RunOptionValues } from '../../options/run-options.js'
import { printRunOutcome } from '../../render/report/print-run-outcome.js'
import { type RunProgress, startRunProgress } from '../../render/report/run-progress.js'
import { REPORT_KINDS, type ReportKind, writeReport } from '../../render/report/write-report.js'
import { curlAsHttp } from '../../runfile/curl-as-http.js'
import { parseCurlCommand } from '../../runfile/parse-curl-command.js'
import { writeHttpRequest } from '../../runfile/write-http-request.js'

/** `apictl run FILE...`: the runner over the profile's target, progress and summary on stderr, reports written; its exit code. */
export async function runRun(files: string[], options: RunOptionValues, ctx: Context): Promise<number> {
  if (options.fromCurl !== undefined) {
    if (files.length > 0) {
      throw new UsageError('--from-curl prints a request; it runs no files.', {
        where: '--from-curl',
        hint: "apictl run --from-curl 'curl …' >> api.http, then apictl run api.http",
      })
    }
    ctx.stdout.write(writeHttpRequest(curlAsHttp(parseCurlCommand(options.fromCurl))))
    return 0
  }
  const { reports, more } = reportRequests(options.report ?? [])
  const all = [...files, ...more]
  if (all.length === 0) {
    throw new UsageError('apictl run needs a .http file.', {
      hint: 'apictl run api.http (apictl run --help shows the format).',
    })
  }
  const common = normalizeCommonOptions({ ...options, retry: 0 })
  const colour = (sink: Context['stdout']) => colourEnabled(sink, ctx.env, options.color)
  let progress: RunProgress | undefined
  const report = await runRequestFiles(
    {
      files: all,
      env: options.env,
      vars: variables(options.var ?? []),
      names: options.name,
      bail: options.bail === true,
      parallel: options.parallel,
      repeat: options.repeat,
      dryRun: options.dryRun === true,
      common,
      warn: (line) => ctx.stderr.write(`${line}\n`),
      onStart: (total) => {
        progress = startRunProgress(ctx.stderr, total, { colour: colour(ctx.stderr) })
      },
      onResult: (result) => progress?.done(result),
    },
    ctx,
  ).finally(() => progress?.stop())
  printRunOutcome(report, ctx, { dryRun: options.dryRun === true, colour: colour(ctx.stdout) })
  for (const { kind, file } of reports) await writeReport(kind, report, file)
  return report.exitCode
}

/** `--report junit a.xml --report html b.html`: the pairs; words that are not a kind are more files to run. */
function reportRequests(values: string[]): {
  reports: Array<{ kind: ReportKind; file: string }>
  more: string[]
} {
  const reports: Array<{ kind: ReportKind; file: string }> = []
  const more: string[] = []
  for (let index = 0; index < values.length; index++) {
    const word = values[index]!
    if (!(REPORT_KINDS as readonly string[]).includes(word)) {
      if (reports.length === 0) {
        throw new UsageError(`--report ${word}: the kind comes first.`, {
          where: '--report',
          hint: `--report KIND FILE, KIND one of ${REPORT_KINDS.join(', ')}.`,
        })
      }
      more.push(word)
      continue
    }
    const file = values[index + 1]
    if (file === undefined) {
      throw new UsageError(`--report ${word} needs a file to write.`, {
        where: '--report',
        hint: `--report ${word} report.${word === 'junit' ? 'xml' : word}`,
      })
    }
    reports.push({ kind: word as ReportKind, file })
    index++
  }
  return { reports, more }
}

/** `--var name=value` → { name: value }. */
function variables(items: string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const item of items) {
    const equals = item.indexOf('=')
    if (equals <= 0) {
      throw new UsageError(`--var ${item}: expected name=value.`, {
        where: '--var',
        hint: '--var host=http://localhost:4000',
      })
    }
    values[item.slice(0, equals)] = item.slice(equals + 1)
  }
  return values
}
