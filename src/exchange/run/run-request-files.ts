import type { Context } from '../../core/context.js'
import type { CommonOptions } from '../../core/request-options.js'
import type { RequestResult, RunReport } from '../../core/run-report.js'
import { checkNames, type PlannedRequest, planRequests, requestNames } from '../../runfile/plan-requests.js'
import { requestLabel } from '../../runfile/request-label.js'
import { VariableScope } from '../../runfile/variable-scope.js'
import { CookieStore } from '../../transport/cookie-jar.js'
import type { Target } from '../target.js'
import { checkRequest } from './check-request.js'
import { type LoadedRequestFile, loadRequestFile } from './load-request-file.js'
import { openRunEngines, type RunEngines } from './run-engines.js'
import { runOneRequest } from './run-one-request.js'
import { summarizeRun } from './summarize-run.js'

/** What `apictl run`, the REPL's `.run FILE.http` and the library's runFile ask for. */
export interface RunFilesOptions {
  files: string[]
  /** --env NAME: the environment of http-client.env.json (and .private) beside each file. */
  env?: string
  /** --var name=value: over every other value. */
  vars?: Record<string, string>
  /** --name NAME: only these requests (and those they use). */
  names?: string[]
  /** --bail: stop at the first failure (the rest skipped). */
  bail?: boolean
  /** --parallel N: independent requests N at a time (default 1: one after another, in file order). */
  parallel?: number
  /** --repeat N: the files N times. */
  repeat?: number
  /** --dry-run: check everything (syntax, variables, schema, WSDL, OpenAPI) and send nothing. */
  dryRun?: boolean
  common: CommonOptions
  /** An open target (a REPL session's, a library client's); else the profile's is opened and closed. */
  target?: Target
  /** Called before the first request is sent, with how many will be. */
  onStart?(total: number): void
  /** Called as each request finishes (results may come out of file order with --parallel). */
  onResult?(result: RequestResult): void
  /** Skipped parts of the files (JetBrains handlers…), one line each. */
  warn?(line: string): void
}

interface FileRun {
  loaded: LoadedRequestFile
  planned: PlannedRequest[]
}

/**
 * Runs request files through the one engine: parse every file, check every
 * request before anything is sent (a problem anywhere stops the run with
 * exit 2 and its `file:line:column`), then send them in file order (or N at
 * a time, each after the requests whose answers it uses), assert, capture,
 * and report. Throws only what stops the whole run before it starts
 * (an unreadable file, an unknown --env or --name).
 */
export async function runRequestFiles(options: RunFilesOptions, ctx: Context): Promise<RunReport> {
  const startedAt = new Date()
  const started = performance.now()
  const vars = options.vars ?? {}
  const runs: FileRun[] = []
  const known: string[] = []
  for (const path of options.files) {
    const loaded = await loadRequestFile(path, options.env, ctx)
    for (const warning of loaded.file.warnings) options.warn?.(`warning: ${warning}`)
    const scope = newScope(loaded, vars, ctx)
    known.push(...requestNames(scope))
    runs.push({ loaded, planned: planRequests(scope, options.names) })
  }
  checkNames(options.names ?? [], known)
  // One cookie jar for the run, as the JetBrains client keeps cookies between requests.
  const common: CommonOptions = { ...options.common, cookies: options.common.cookies ?? new CookieStore() }
  const engines = await openRunEngines(common, ctx, { target: options.target })
  const results: RequestResult[] = []
  try {
    const problems = await checkAll(runs, vars, engines, ctx)
    if (problems.length > 0 || options.dryRun) {
      results.push(...(problems.length > 0 ? problems : skippedAll(runs, 1)))
    } else {
      const repeat = Math.max(1, options.repeat ?? 1)
      options.onStart?.(runs.reduce((sum, run) => sum + run.planned.length, 0) * repeat)
      const stop = { bailed: false }
      for (let iteration = 1; iteration <= repeat; iteration++) {
        for (const run of runs) {
          const scope = newScope(run.loaded, vars, ctx)
          results.push(...(await runFile(run.planned, scope, engines, iteration, options, stop)))
        }
      }
    }
  } finally {
    if (options.target === undefined) await engines.close()
  }
  return summarizeRun({
    files: options.files,
    environment: options.env,
    startedAt: startedAt.toISOString(),
    durationMs: performance.now() - started,
    results,
  })
}

function newScope(loaded: LoadedRequestFile, vars: Record<string, string>, ctx: Context): VariableScope {
  return new VariableScope(loaded.file, { given: vars, environment: loaded.environment, processEnv: ctx.env })
}

/** Every planned request checked before any is sent; their problems (outcome error, exit 2), the rest skipped. */
async function checkAll(
  runs: FileRun[],
  vars: Record<string, string>,
  engines: RunEngines,
  ctx: Context,
): Promise<RequestResult[]> {
  const results: RequestResult[] = []
  let failed = false
  for (const run of runs) {
    const scope = newScope(run.loaded, vars, ctx)
    for (const planned of run.planned) {
      const error = await checkRequest(planned, scope, engines)
      const result = baseResult(planned, scope.file.path, 1)
      if (error) {
        failed = true
        results.push({ ...result, outcome: 'error', error })
      } else results.push(result)
    }
  }
  return failed ? results : []
}

function baseResult(planned: PlannedRequest, file: string, iteration: number): RequestResult {
  return {
    name: requestLabel(planned.block),
    style: planned.block.style,
    at: { file, line: planned.block.line },
    outcome: 'skipped',
    durationMs: 0,
    asserts: [],
    iteration,
  }
}

function skippedAll(runs: FileRun[], iteration: number): RequestResult[] {
  return runs.flatMap((run) =>
    run.planned.map((planned) => baseResult(planned, run.loaded.file.path, iteration)),
  )
}

/**
 * One file's requests: one after another in file order, or with --parallel
 * N at most N at once, each started once the requests it uses have
 * answered. Results come back in file order.
 */
async function runFile(
  planned: PlannedRequest[],
  scope: VariableScope,
  engines: RunEngines,
  iteration: number,
  options: RunFilesOptions,
  stop: { bailed: boolean },
): Promise<RequestResult[]> {
  const file = scope.file.path
  const results: Array<RequestResult | undefined> = new Array(planned.length)
  const answered = new Map<string, Promise<RequestResult>>()
  const finish = (result: RequestResult): RequestResult => {
    if (options.bail && (result.outcome === 'failed' || result.outcome === 'error')) stop.bailed = true
    options.onResult?.(result)
    return result
  }
  const one = async (request: PlannedRequest): Promise<RequestResult> => {
    const failedDependency = await firstFailed(request.dependsOn, answered)
    if (stop.bailed) return finish(baseResult(request, file, iteration))
    if (failedDependency !== undefined) {
      return finish({
        ...baseResult(request, file, iteration),
        error: {
          message: `Skipped: it uses the answer of ${failedDependency}, which did not answer.`,
          exitCode: 0,
          at: { file, line: request.block.line },
        },
      })
    }
    return finish(await runOneRequest(request, scope, engines, iteration))
  }
  const parallel = Math.max(1, options.parallel ?? 1)
  if (parallel === 1) {
    for (const [index, request] of planned.entries()) {
      const result = await one(request)
      results[index] = result
      if (request.block.name) answered.set(request.block.name, Promise.resolve(result))
    }
    return results as RequestResult[]
  }
  const slots = semaphore(parallel)
  const all = planned.map((request, index) => {
    const promise = (async () => {
      await Promise.all(request.dependsOn.map((name) => answered.get(name)))
      const release = await slots.acquire()
      try {
        return await one(request)
      } finally {
        release()
      }
    })()
    if (request.block.name) answered.set(request.block.name, promise)
    return promise.then((result) => {
      results[index] = result
      return result
    })
  })
  await Promise.all(all)
  return results as RequestResult[]
}

/** The first of `names` whose request errored or was skipped (so it has no answer to use). */
async function firstFailed(
  names: string[],
  answered: Map<string, Promise<RequestResult>>,
): Promise<string | undefined> {
  for (const name of names) {
    const result = await answered.get(name)
    if (result !== undefined && (result.outcome === 'error' || result.outcome === 'skipped')) return name
  }
  return undefined
}

/** At most `size` holders at once, served in the order they asked. */
function semaphore(size: number): { acquire(): Promise<() => void> } {
  let free = size
  const waiting: Array<() => void> = []
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else free++
  }
  return {
    acquire() {
      if (free > 0) {
        free--
        return Promise.resolve(release)
      }
      return new Promise((resolve) => waiting.push(() => resolve(release)))
    },
  }
}
