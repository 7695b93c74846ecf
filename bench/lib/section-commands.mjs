// Section A: wall time of single commands, paired and interleaved, against two
// servers the bench starts in child processes: a bare node:http server (URL)
// and the apictl reference server, `apictl serve --port 0 --quiet` (REF).
// apictl gql and apictl soap run with a cache dir that a warm-up run fills
// first, so they are timed with a cached schema and a cached WSDL.
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { startChildServer } from './child-server.mjs'
import { BARE_BODY, clip, commandCases } from './command-cases.mjs'
import { renderCommandTimes } from './command-table.mjs'
import {
  APICTL_BIN,
  apictlEnv,
  cliUnavailable,
  makeTempDir,
  removeDir,
  SERVE_ARGS,
  SERVER_SCRIPTS,
} from './environment.mjs'
import { goalShort } from './format.mjs'
import { judge } from './goals.mjs'
import { runPairedRounds } from './paired-rounds.mjs'
import { failureOf, timeCommand } from './time-command.mjs'

/** The goal each row is judged by: [goal id, the case its ratio is taken against]. */
const GOAL_OF = {
  version: ['version', 'node'],
  rest: ['restVsHttpie', 'httpie'],
  gql: ['gqlVsHttpie', 'httpieGql'],
  soap: ['soapCall', 'node'],
}

export async function commandsSection({ warmups, rounds }, progress) {
  progress('A starting servers')
  const [bare, reference] = await Promise.allSettled([
    startChildServer(SERVER_SCRIPTS.bare, [BARE_BODY], { probePath: '/' }),
    startChildServer(APICTL_BIN, SERVE_ARGS, { probePath: '/v1/items/1' }),
  ])
  const home = await makeTempDir('apictl-bench-commands-')
  try {
    if (bare.status === 'rejected') throw new Error(`bare server: ${bare.reason.message}`)
    const url = `${bare.value.url}/items/1`
    const cacheDir = join(home, 'cache')
    const env = apictlEnv(join(home, 'config'), cacheDir)
    const cli = cliUnavailable()
    const unavailable = {
      cli,
      reference: reference.status === 'rejected' ? reference.reason.message : undefined,
      soap: cli ? undefined : await soapUnavailable(env),
    }
    const cases = commandCases({ url, reference: reference.value?.url, env, unavailable })
    progress('A warming the schema and WSDL caches')
    const notes = await warmCaches(cases, cacheDir)
    const before = await snapshot(cacheDir)
    const results = await runPairedRounds(cases, {
      warmups,
      rounds,
      ratioTo: ['node', 'httpie', 'httpieGql'],
      onProgress: (step) => progress(`A ${step}`),
    })
    notes.push(...cacheNotes(cases, before, await snapshot(cacheDir)))
    for (const result of results) result.versus = cases.find((item) => item.id === result.id).versus
    return {
      url,
      reference: reference.value?.url ?? `error: ${unavailable.reference}`,
      warmups,
      rounds,
      results,
      notes,
      goals: commandGoals(results),
    }
  } finally {
    await Promise.all([bare.value?.stop(), reference.value?.stop()])
    await removeDir(home)
  }
}

/** Why `apictl soap call` cannot be timed yet (undefined when the build has it). */
async function soapUnavailable(env) {
  const result = await timeCommand({ command: process.execPath, args: [APICTL_BIN, 'soap', '--help'], env })
  if (result.code === 0 && /\bcall\b/.test(result.stdout)) return undefined
  return `not available yet: \`apictl soap\` is not in this build (${failureOf(result) ?? clip(result.stdout)})`
}

/**
 * One untimed run of each cached case (apictl gql, apictl soap) fills the cache;
 * a case whose warm-up fails is reported as an error and not timed.
 */
async function warmCaches(cases, cacheDir) {
  const notes = []
  for (const item of cases.filter((candidate) => candidate.cache && !candidate.unavailable)) {
    const result = await timeCommand({ command: item.command, args: item.args, env: item.env })
    const failure = failureOf(result, item.check)
    if (failure) {
      item.unavailable = `error: ${failure}`
      continue
    }
    const files = await readdir(join(cacheDir, item.cache)).catch(() => [])
    if (files.length === 0) {
      notes.push(
        `${item.id}: the warm-up run left nothing in ${item.cache}/ of the cache dir: timed runs may fetch again`,
      )
    }
  }
  return notes
}

/** Every file under the cache dir with its size and mtime. */
async function snapshot(cacheDir) {
  const files = new Map()
  const entries = await readdir(cacheDir, { recursive: true }).catch(() => [])
  for (const name of entries) {
    const info = await stat(join(cacheDir, name)).catch(() => undefined)
    if (info?.isFile()) files.set(name, `${info.size}:${info.mtimeMs}`)
  }
  return files
}

/** Says whether the cache the warm-up wrote stayed as it was through the timed rounds. */
function cacheNotes(cases, before, after) {
  return cases
    .filter((item) => item.cache && !item.unavailable)
    .map((item) => {
      const mine = (files) => [...files].filter(([name]) => name.startsWith(`${item.cache}/`))
      const changed = mine(after).filter(([name, stamp]) => before.get(name) !== stamp)
      const count = mine(before).length
      return changed.length === 0
        ? `${item.id}: ${count} file(s) in ${item.cache}/ written by the warm-up run, unchanged through the rounds (cache hits)`
        : `${item.id}: ${changed.length} file(s) in ${item.cache}/ rewritten during the rounds: the cache was not always used`
    })
}

function commandGoals(results) {
  const byId = Object.fromEntries(results.map((result) => [result.id, result]))
  return Object.entries(GOAL_OF).map(([caseId, [goalId, versus]]) => {
    const mine = byId[caseId]
    const theirs = byId[versus]
    if (!measured(mine)) return judge(goalId, null, `${mine.label}: ${mine.note ?? 'no runs'}`)
    if (!measured(theirs)) return judge(goalId, null, `${theirs.label}: ${theirs.note ?? 'no runs'}`)
    return judge(goalId, mine.ratios[versus])
  })
}

const measured = (result) => result.status === 'ok' && result.runs > 0

export function renderCommands(section) {
  const goalOfCase = Object.fromEntries(
    Object.entries(GOAL_OF).map(([caseId, [goalId]]) => [
      caseId,
      section.goals.find((goal) => goal.id === goalId),
    ]),
  )
  const table = renderCommandTimes(section.results, {
    versus: '× HTTPie',
    notesOf: (result) => goalOfCase[result.id] && goalShort(goalOfCase[result.id]),
  })
  const title = `A. Command wall time: ${section.rounds} paired rounds after ${section.warmups} warm-up(s), order shuffled each round (lower is better)`
  const servers =
    `   URL: bare node:http on ${section.url}\n` +
    `   REF: apictl ${SERVE_ARGS.join(' ')} on ${section.reference}\n` +
    '   × HTTPie: against HTTPie sending the same request (GET URL, or POST REF/graphql)'
  const footer = section.notes.map((note) => `   note: ${note}`).join('\n')
  return `${title}\n${servers}\n\n${table}${footer ? `\n${footer}` : ''}`
}
