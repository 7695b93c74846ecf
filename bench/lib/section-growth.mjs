// Section H: growth. Bodies of 1, 20 and 200 MB (a JSON array of objects and
// the same items as an XML list, bodies.mjs) served from files by a child
// server; apictl prints them coloured (FORCE_COLOR), piped and as a table, side
// by side with `curl | jq -C .`, `curl | xmllint --format -` and HTTPie, each
// run under /usr/bin/time for its wall time and peak RSS. Paired interleaved
// rounds per size; ratios are per round, then the median. The same items as a
// GraphQL answer and a SOAP result envelope show `gql` and `soap call` beside
// them (data / values printed as they arrive).
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeGraphQLAnswer, writeJsonBody, writeSoapAnswer, writeXmlBody } from './bodies.mjs'
import { startChildServer } from './child-server.mjs'
import { APICTL_BIN, apictlEnv, cliUnavailable, findExecutable, ROOT } from './environment.mjs'
import { formatRatio, goalShort, renderTable } from './format.mjs'
import { judge } from './goals.mjs'
import { pagedWalkRows, WALK } from './paged-walk.mjs'
import { median, shuffled } from './stats.mjs'
import { failureOf, runUnderTime, TIME } from './timed-with-rss.mjs'

const SIZES = [1, 20, 200]
/** HTTPie takes ~14 s for 20 MB; at 200 MB it would take minutes, so it runs up to this size. */
const HTTPIE_UP_TO = 20
const BODY_SERVER = join(ROOT, 'bench', 'lib', 'servers', 'body-server.mjs')

/** The bars of issue 14 this section judges (goals.mjs's shape). */
export const GROWTH_GOALS = {
  colour: {
    id: 'json20Colour',
    of: 'jq -C',
    issue: 14,
    section: 'H',
    text: '20 MB JSON coloured ≤ 0.67× curl | jq -C .',
    kind: 'atMost',
    limit: 0.67,
  },
  piped: {
    id: 'json20Piped',
    of: 'jq -C',
    issue: 14,
    section: 'H',
    text: '20 MB JSON piped ≤ 0.5× curl | jq -C .',
    kind: 'atMost',
    limit: 0.5,
  },
  table: {
    id: 'json20Table',
    of: 'jq -C',
    issue: 14,
    section: 'H',
    text: '-o table of 20 MB (~67k rows) ≤ 1.5× curl | jq -C .',
    kind: 'atMost',
    limit: 1.5,
  },
  xml: {
    id: 'xml20Pretty',
    of: 'xmllint',
    issue: 14,
    section: 'H',
    text: '20 MB XML pretty ≤ 1× curl | xmllint --format -',
    kind: 'atMost',
    limit: 1,
  },
  rss20: {
    id: 'rss20',
    issue: 14,
    section: 'H',
    text: 'peak RSS ≤ 150 MB printing 20 MB (JSON coloured, XML)',
    kind: 'belowMb',
    limit: 150,
  },
  xmlTableRss: {
    id: 'xml20TableRss',
    issue: 14,
    section: 'H',
    text: 'peak RSS ≤ 150 MB for 20 MB XML as -o table',
    kind: 'belowMb',
    limit: 150,
  },
  walkRss: {
    id: 'walkRss',
    issue: 14,
    section: 'H',
    text: `peak RSS ≤ 150 MB for --all over ${WALK.pages} pages × ${WALK.perPage} items (JSON and table)`,
    kind: 'belowMb',
    limit: 150,
  },
  rss200: {
    id: 'rss200',
    issue: 14,
    section: 'H',
    text: 'peak RSS ≤ 150 MB printing 200 MB (JSON and XML, tables too)',
    kind: 'belowMb',
    limit: 150,
  },
}

/** Judges a peak RSS in MB against a `belowMb` goal (goals.mjs judges ratios and milliseconds). */
function judgeMb(goal, mb, note) {
  const known = Number.isFinite(mb)
  return {
    id: goal.id,
    issue: goal.issue,
    section: goal.section,
    goal: goal.text,
    target: `≤ ${goal.limit} MB`,
    measured: known ? mb : null,
    display: known ? `${Math.round(mb)} MB` : '–',
    met: known ? mb <= goal.limit : null,
    ...(note ? { note } : {}),
  }
}

/** The cases for a GraphQL answer or a SOAP envelope: [{ id, label, shell }], the baseline first. */
function answerCasesFor(kind, url, tools) {
  const apictl = (args, env = '') => `${env}${process.execPath} ${APICTL_BIN} ${args} -e ${url}`
  if (kind === 'gql') {
    const gql = "gql '{ items { id } }' --no-validate"
    return [
      {
        id: 'jq',
        label: 'curl -s -d {} URL | jq -C .data',
        shell: `curl -s -d {} ${url} | jq -C .data`,
        missing: !tools.jq,
      },
      { id: 'colour', label: 'apictl gql QUERY, coloured', shell: apictl(gql, 'FORCE_COLOR=1 ') },
      { id: 'piped', label: 'apictl gql QUERY, piped', shell: apictl(gql) },
    ].filter((item) => !item.missing)
  }
  const soap = 'soap call ListItems --no-wsdl --ns urn:apictl:items'
  return [
    {
      id: 'xmllint',
      label: 'curl -s -d <Envelope/> URL | xmllint --format -',
      shell: `curl -s -d '<Envelope/>' ${url} | xmllint --format -`,
      missing: !tools.xmllint,
    },
    {
      id: 'xml',
      label: 'apictl soap call Op -o xml, coloured',
      shell: apictl(`${soap} -o xml`, 'FORCE_COLOR=1 '),
    },
    { id: 'piped', label: 'apictl soap call Op, piped (JSON values)', shell: apictl(soap) },
  ].filter((item) => !item.missing)
}

/** The cases for one body: [{ id, label, shell }], the baseline first. */
function casesFor(kind, url, size, tools) {
  if (kind === 'gql' || kind === 'soap') return answerCasesFor(kind, url, tools)
  const apictl = (args, env = '') => `${env}${process.execPath} ${APICTL_BIN} rest get ${url} ${args}`.trim()
  const baseline =
    kind === 'json'
      ? { id: 'jq', label: 'curl -s URL | jq -C .', shell: `curl -s ${url} | jq -C .`, missing: !tools.jq }
      : {
          id: 'xmllint',
          label: 'curl -s URL | xmllint --format -',
          shell: `curl -s ${url} | xmllint --format -`,
          missing: !tools.xmllint,
        }
  const cases = [
    baseline,
    { id: 'colour', label: 'apictl rest get URL, coloured', shell: apictl('', 'FORCE_COLOR=1 ') },
    { id: 'piped', label: 'apictl rest get URL, piped', shell: apictl('') },
    { id: 'table', label: 'apictl rest get URL -o table', shell: apictl('-o table') },
  ]
  if (size <= HTTPIE_UP_TO && tools.http) {
    cases.push({
      id: 'httpie',
      label: 'http --pretty=all GET URL',
      shell: `http --ignore-stdin --pretty=all --print=b GET ${url}`,
    })
  }
  return cases.filter((item) => !item.missing)
}

/** One run under time(1): wall ms and peak RSS (MB) of the command's processes (the largest one). */
async function measure(shell, env) {
  const run = await runUnderTime(['bash', '-c', `${shell} > /dev/null`], { env })
  return { ms: run.ms, mb: run.mb, failure: failureOf(run) }
}

export async function growthSection(plan, progress) {
  const unavailable = cliUnavailable()
  if (unavailable) throw new Error(unavailable)
  if (!existsSync(TIME)) throw new Error(`${TIME} is needed to measure peak RSS (apt-get install time)`)
  const tools = { jq: findExecutable('jq'), xmllint: findExecutable('xmllint'), http: findExecutable('http') }
  const dir = await mkdtemp(join(tmpdir(), 'apictl-growth-'))
  const sizes = plan.quick ? [1, 20] : SIZES
  const env = apictlEnv(join(dir, 'config'), join(dir, 'cache'))
  delete env.NO_COLOR
  let server
  try {
    const files = []
    for (const size of sizes) {
      progress(`writing ${size} MB bodies`)
      files.push((await writeJsonBody(join(dir, `body-${size}.json`), size * 1e6)).file)
      files.push((await writeXmlBody(join(dir, `body-${size}.xml`), size * 1e6)).file)
      files.push((await writeGraphQLAnswer(join(dir, `body-${size}.gql.json`), size * 1e6)).file)
      files.push((await writeSoapAnswer(join(dir, `body-${size}.soap.xml`), size * 1e6)).file)
    }
    server = await startChildServer(BODY_SERVER, files, { probePath: `/body-${sizes[0]}.json` })
    const rows = []
    for (const size of sizes) {
      for (const kind of ['json', 'xml', 'gql', 'soap']) {
        const file = kind === 'gql' ? 'gql.json' : kind === 'soap' ? 'soap.xml' : kind
        const url = `${server.url}/body-${size}.${file}`
        const cases = casesFor(kind, url, size, tools)
        const rounds = size >= 200 ? 1 : plan.quick ? 1 : 3
        const samples = new Map(cases.map((item) => [item.id, []]))
        for (let round = 0; round < rounds; round++) {
          for (const item of shuffled(cases)) {
            progress(`${size} MB ${kind}: ${item.id}, round ${round + 1}/${rounds}`)
            samples.get(item.id).push(await measure(item.shell, env))
          }
        }
        rows.push(...summarise(size, kind, cases, samples, rounds))
      }
    }
    const walks = await pagedWalkRows(env, plan.quick ? 1 : 3, progress)
    return { rows, walks, goals: [...growthGoals(rows), ...walkGoals(walks)] }
  } finally {
    await server?.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

/** Per case: median wall, peak RSS, and the median of the per-round ratios to the baseline (the first case). */
function summarise(size, kind, cases, samples, rounds) {
  const baseline = samples.get(cases[0].id)
  return cases.map((item) => {
    const runs = samples.get(item.id)
    const ok = runs.filter((run) => run.failure === undefined)
    const ratios = []
    for (let round = 0; round < rounds; round++) {
      if (runs[round]?.failure === undefined && baseline[round]?.failure === undefined)
        ratios.push(runs[round].ms / baseline[round].ms)
    }
    return {
      size,
      kind,
      id: item.id,
      label: item.label,
      baseline: cases[0].id,
      medianMs: median(ok.map((run) => run.ms)),
      peakMb: ok.length > 0 ? Math.max(...ok.map((run) => run.mb)) : Number.NaN,
      ratio: median(ratios),
      failure: runs.find((run) => run.failure)?.failure,
      samplesMs: runs.map((run) => Math.round(run.ms)),
    }
  })
}

function growthGoals(rows) {
  const find = (size, kind, id) => rows.find((row) => row.size === size && row.kind === kind && row.id === id)
  const ratioOf = (size, kind, id) => find(size, kind, id)?.ratio ?? Number.NaN
  const rss = (size, pairs) =>
    Math.max(...pairs.map(([kind, id]) => find(size, kind, id)?.peakMb ?? Number.NaN))
  const note = (size) => (rows.some((row) => row.size === size) ? undefined : `${size} MB not run (--quick)`)
  return [
    judge(GROWTH_GOALS.colour, ratioOf(20, 'json', 'colour')),
    judge(GROWTH_GOALS.piped, ratioOf(20, 'json', 'piped')),
    judge(GROWTH_GOALS.table, ratioOf(20, 'json', 'table')),
    judge(GROWTH_GOALS.xml, ratioOf(20, 'xml', 'piped')),
    judgeMb(
      GROWTH_GOALS.rss20,
      rss(20, [
        ['json', 'colour'],
        ['json', 'piped'],
        ['xml', 'piped'],
        ['xml', 'colour'],
      ]),
    ),
    judgeMb(GROWTH_GOALS.xmlTableRss, rss(20, [['xml', 'table']])),
    judgeMb(
      GROWTH_GOALS.rss200,
      rss(200, [
        ['json', 'colour'],
        ['json', 'piped'],
        ['json', 'table'],
        ['xml', 'piped'],
        ['xml', 'table'],
      ]),
      note(200),
    ),
  ]
}

/** --all's walk: memory a page's, not the list's. */
function walkGoals(walks) {
  const peak = Math.max(...walks.map((row) => row.peakMb))
  return [judgeMb(GROWTH_GOALS.walkRss, peak)]
}

export function renderGrowth(result) {
  const columns = [
    { title: 'body', align: 'left' },
    { title: 'command', align: 'left' },
    { title: 'wall (median)', align: 'right' },
    { title: 'peak RSS', align: 'right' },
    { title: 'vs baseline', align: 'right' },
  ]
  const kinds = { json: 'JSON', xml: 'XML', gql: 'GraphQL answer', soap: 'SOAP envelope' }
  const rows = result.rows.map((row) => [
    `${row.size} MB ${kinds[row.kind]}`,
    row.label,
    row.failure && !Number.isFinite(row.medianMs)
      ? `error: ${row.failure}`
      : `${(row.medianMs / 1000).toFixed(2)} s`,
    Number.isFinite(row.peakMb) ? `${Math.round(row.peakMb)} MB` : '–',
    row.id === row.baseline ? '1.00×' : formatRatio(row.ratio),
  ])
  for (const walk of result.walks ?? []) {
    const first = Number.isFinite(walk.firstMs) ? `, first output ${Math.round(walk.firstMs)} ms` : ''
    rows.push([
      `--all ${WALK.pages}×${WALK.perPage}`,
      walk.label,
      walk.failure && !Number.isFinite(walk.medianMs)
        ? `error: ${walk.failure}`
        : `${(walk.medianMs / 1000).toFixed(2)} s${first}`,
      Number.isFinite(walk.peakMb) ? `${Math.round(walk.peakMb)} MB` : '–',
      '',
    ])
  }
  const notes = result.goals.map((goal) => `${goalShort(goal)}: ${goal.goal}, measured ${goal.display}`)
  return `H. growth: bodies of 1, 20 and 200 MB (ratios to jq / xmllint in the same round)\n${renderTable(columns, [...rows, ...notes])}`
}
