import { isApictlError } from '../core/errors.js'
import type { RunReport } from '../core/run-report.js'
import type { RunFilesOptions } from '../exchange/run/run-request-files.js'
import { summarizeRun } from '../exchange/run/summarize-run.js'
import type { ClientOptions } from './client-options.js'
import { commonOptions, libraryContext, openClientTarget } from './create-client.js'

/** `runFile`'s options: the client's (profile or URLs, credentials, timeout…) and `apictl run`'s. */
export interface RunFileOptions
  extends ClientOptions,
    Pick<RunFilesOptions, 'vars' | 'names' | 'bail' | 'parallel' | 'repeat' | 'dryRun'> {
  /** The environment of http-client.env.json beside the file (`apictl run --env NAME`). */
  environment?: string
  /** Called as each request finishes. */
  onResult?: RunFilesOptions['onResult']
}

/**
 * Runs the requests of one or more `.http` files as `apictl run` does and
 * resolves to the report (never exits, never prints): `report.exitCode` is
 * what the CLI would exit with; a problem that stops the run before it
 * starts (an unreadable file, an unknown environment) is `report.error`.
 *
 *     const report = await runFile('api.http', { profile: 'local', environment: 'dev' })
 *     if (report.exitCode !== 0) console.log(report.results.filter((r) => r.outcome !== 'passed'))
 */
export async function runFile(path: string | string[], options: RunFileOptions = {}): Promise<RunReport> {
  const files = Array.isArray(path) ? path : [path]
  const ctx = libraryContext(options)
  const startedAt = new Date().toISOString()
  let target: Awaited<ReturnType<typeof openClientTarget>> | undefined
  try {
    target = await openClientTarget(options, ctx)
    const { runRequestFiles } = await import('../exchange/run/run-request-files.js')
    const { vars, names, bail, parallel, repeat, dryRun, onResult, environment } = options
    return await runRequestFiles(
      {
        files,
        env: environment,
        vars,
        names,
        bail,
        parallel,
        repeat,
        dryRun,
        onResult,
        common: commonOptions(options),
        target,
      },
      ctx,
    )
  } catch (error) {
    if (!isApictlError(error)) throw error
    return {
      ...summarizeRun({ files, startedAt, durationMs: 0, results: [] }),
      exitCode: error.exitCode,
      error: {
        message: error.message,
        exitCode: error.exitCode,
        ...(error.where ? { where: error.where } : {}),
      },
    }
  } finally {
    await target?.close()
  }
}
