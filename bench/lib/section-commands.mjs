// Section A: wall time of single commands, paired and interleaved, against a
// bare node:http server the bench starts in its own process.
import { startChildServer } from './child-server.mjs'
import {
  APICTL_BIN,
  apictlEnv,
  BARE_REQUEST,
  cliUnavailable,
  findExecutable,
  makeTempDir,
  removeDir,
  SERVER_SCRIPTS,
} from './environment.mjs'
import { formatMs, formatRatio, goalNote, renderTable } from './format.mjs'
import { runPairedRounds } from './paired-rounds.mjs'

const BODY = JSON.stringify({ bench: 'apictl', ok: true, items: [1, 2, 3] })
const GOAL_VERSION = 1.2
const GOAL_REST_VS_HTTPIE = 0.6

export async function commandsSection({ warmups, rounds }, progress) {
  const server = await startChildServer(SERVER_SCRIPTS.bare, [BODY], { probePath: '/' })
  const configDir = await makeTempDir('apictl-bench-config-')
  try {
    const url = `${server.url}/items/1`
    const cases = commandCases(url, apictlEnv(configDir))
    const results = await runPairedRounds(cases, {
      warmups,
      rounds,
      ratioTo: ['node', 'httpie'],
      onProgress: (step) => progress(`A ${step}`),
    })
    return { url, warmups, rounds, results, goals: commandGoals(results) }
  } finally {
    await server.stop()
    await removeDir(configDir)
  }
}

function commandCases(url, env) {
  const node = process.execPath
  const cli = cliUnavailable()
  const httpie = findExecutable('http')
  const curl = findExecutable('curl')
  const answersBody = (result) =>
    sameJson(result.stdout) ? undefined : `unexpected output: ${clip(result.stdout)}`
  return [
    { id: 'node', label: "node -e ''  (baseline)", command: node, args: ['-e', ''] },
    {
      id: 'version',
      label: 'apictl --version',
      command: node,
      args: [APICTL_BIN, '--version'],
      env,
      check: (result) =>
        /^\d+\.\d+\.\d+/.test(result.stdout) ? undefined : `no version: ${clip(result.stdout)}`,
    },
    {
      id: 'help',
      label: 'apictl --help',
      command: node,
      args: [APICTL_BIN, '--help'],
      env,
      unavailable: cli && `error: ${cli}`,
      check: (result) => (/usage/i.test(result.stdout) ? undefined : `no usage text: ${clip(result.stdout)}`),
    },
    {
      id: 'rest',
      label: 'apictl rest get URL',
      command: node,
      args: [APICTL_BIN, 'rest', 'get', url],
      env,
      unavailable: cli && `error: ${cli}`,
      check: answersBody,
    },
    {
      id: 'curl',
      label: 'curl -s URL',
      command: curl ?? 'curl',
      args: ['-s', url],
      unavailable: curl ? undefined : 'not installed',
      check: answersBody,
    },
    {
      id: 'httpie',
      label: 'http GET URL  (HTTPie)',
      command: httpie ?? 'http',
      args: ['--ignore-stdin', 'GET', url],
      unavailable: httpie ? undefined : 'not installed',
      check: answersBody,
    },
    {
      id: 'bare',
      label: 'node bare-request.mjs URL',
      command: node,
      args: [BARE_REQUEST, url],
      check: answersBody,
    },
  ]
}

function sameJson(text) {
  try {
    return JSON.stringify(JSON.parse(text)) === BODY
  } catch {
    return false
  }
}

function clip(text) {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat || '(empty)'
}

function commandGoals(results) {
  const byId = Object.fromEntries(results.map((result) => [result.id, result]))
  const version = byId.version
  const rest = byId.rest
  const httpieMissing = byId.httpie.status !== 'ok'
  return [
    {
      section: 'A',
      id: 'version',
      goal: `apictl --version ≤ ${GOAL_VERSION}× node -e ''`,
      measured: version.ratios.node,
      display: formatRatio(version.ratios.node),
      met: measuredOk(version) ? version.ratios.node <= GOAL_VERSION : null,
    },
    {
      section: 'A',
      id: 'rest',
      goal: `apictl rest get ≤ ${GOAL_REST_VS_HTTPIE}× HTTPie`,
      measured: rest.ratios.httpie,
      display: formatRatio(rest.ratios.httpie),
      met: measuredOk(rest) && !httpieMissing ? rest.ratios.httpie <= GOAL_REST_VS_HTTPIE : null,
      ...(httpieMissing ? { note: `HTTPie ${byId.httpie.note ?? 'unavailable'}` } : {}),
    },
  ]
}

const measuredOk = (result) => result.status === 'ok' && result.runs > 0

export function renderCommands(section) {
  const goals = Object.fromEntries(section.goals.map((goal) => [goal.id, goal]))
  const rows = section.results.map((result) => {
    if (result.status !== 'ok') return [result.label, '–', '–', '–', '–', result.note]
    const goal = goals[result.id]
    const notes = [goal && goalNote(goal), result.note].filter(Boolean)
    return [
      result.label,
      formatMs(result.medianMs),
      formatMs(result.p90Ms),
      formatRatio(result.ratios.node),
      formatRatio(result.ratios.httpie),
      notes.join('; '),
    ]
  })
  const columns = [
    { title: 'command', align: 'left' },
    { title: 'median', align: 'right' },
    { title: 'p90', align: 'right' },
    { title: "× node -e ''", align: 'right' },
    { title: '× HTTPie', align: 'right' },
    { title: 'goal / note', align: 'left' },
  ]
  const title = `A. Command wall time: ${section.rounds} paired rounds after ${section.warmups} warm-up(s), order shuffled each round (lower is better)`
  return `${title}\n   server: bare node:http on ${section.url}\n\n${renderTable(columns, rows)}`
}
