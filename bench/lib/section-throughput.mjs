// Section C: server throughput on loopback with autocannon, in three groups run
// one after the other: REST GET /v1/items/1 (rest-throughput.mjs), GraphQL
// (graphql-throughput.mjs) and SOAP GetItem (soap-throughput.mjs). Each group
// pairs the reference server with its baselines round by round; a group that
// fails shows its error and the others still run.
import { loadAverage } from './environment.mjs'
import { formatRate, formatRatio, formatWholeMs, goalNote, renderTable } from './format.mjs'
import { judge } from './goals.mjs'
import { graphqlThroughput } from './graphql-throughput.mjs'
import { restThroughput } from './rest-throughput.mjs'
import { soapThroughput } from './soap-throughput.mjs'

/** Each group: how to measure it, the ratio columns of its reference row, and its goals. */
const GROUPS = [
  {
    key: 'rest',
    title: 'REST  GET /v1/items/1',
    measure: (settings, progress) => restThroughput({ ...settings, progress }),
    ratios: [
      { key: 'vsBare', title: '× bare', goal: 'restVsBare' },
      { key: 'vsJsonServer', title: '× json-server', goal: 'restVsJsonServer' },
    ],
    p99Goal: 'restP99',
  },
  {
    key: 'graphql',
    title: `GraphQL  POST { item(id: "1") { id name price } }`,
    measure: async (settings, progress) => ({ rows: await graphqlThroughput({ ...settings, progress }) }),
    ratios: [{ key: 'vsApollo', title: '× Apollo', goal: 'graphqlVsApollo' }],
    cpu: { key: 'vsApolloCpu', against: 'Apollo' },
    p99Goal: 'graphqlP99',
  },
  {
    key: 'soap',
    title: 'SOAP 1.1  POST /soap GetItem id=1',
    measure: async ({ connections, warmupSeconds, durationSeconds }, progress) => ({
      rows: await soapThroughput({
        connections,
        warmupSeconds,
        rounds: durationSeconds,
        roundSeconds: 1,
        progress,
      }),
    }),
    ratios: [{ key: 'vsNodeSoap', title: '× node-soap', goal: 'soapVsNodeSoap' }],
    cpu: { key: 'vsNodeSoapCpu', against: 'node-soap' },
    p99Goal: 'soapP99',
  },
]

export async function throughputSection(settings, progress) {
  const groups = []
  for (const group of GROUPS) {
    const loadBefore = loadAverage()
    let outcome
    try {
      outcome = await group.measure(settings, (step) => progress(`C ${step}`))
    } catch (error) {
      outcome = { rows: [], error: error.message }
    }
    const rows = outcome.rows
    groups.push({
      key: group.key,
      title: group.title,
      loadBefore,
      rows,
      notes: outcome.notes ?? [],
      ...(outcome.error ? { error: outcome.error } : {}),
      goals: groupGoals(
        group,
        rows.find((row) => row.id === 'reference'),
        outcome.error,
      ),
    })
  }
  return { ...settings, groups, goals: groups.flatMap((group) => group.goals) }
}

/** A figure counts only when the reference server answered every request well. */
function groupGoals(group, reference, error) {
  const why =
    error ??
    (reference === undefined || reference.status !== 'ok'
      ? `reference server: ${reference?.note ?? 'did not run'}`
      : reference.note && `reference server answered badly (${reference.note})`)
  const figure = (value) => (why ? null : value)
  return [
    ...group.ratios.map((ratio) => judge(ratio.goal, figure(reference?.[ratio.key]), why || undefined)),
    judge(group.p99Goal, figure(reference?.p99), why || undefined),
  ]
}

export function renderThroughput(section) {
  const { connections, warmupSeconds, durationSeconds } = section
  const title =
    `C. Server throughput: autocannon, ${connections} connections, loopback, each server in its own process; ` +
    `a ${warmupSeconds} s warm-up each, then ${durationSeconds} rounds of one 1 s run per server in shuffled order (higher req/s is better)`
  return [title, ...section.groups.map(renderGroup)].join('\n\n')
}

function renderGroup(group) {
  const definition = GROUPS.find((candidate) => candidate.key === group.key)
  const heading = `${group.title}   (load before: ${group.loadBefore.join(' ')})`
  if (group.error)
    return `${heading}\n  error: ${group.error}\n${group.goals.map((goal) => `  ↳ ${goalNote(goal)}`).join('\n')}`
  const rows = group.rows.flatMap((row) => {
    const isReference = row.id === 'reference'
    // The goals hang under the reference row, one per line.
    const goals = isReference ? group.goals.map((goal) => `  ↳ ${goalNote(goal)}`) : []
    const ratios = definition.ratios.map((ratio) =>
      isReference ? formatRatio(row[ratio.key] ?? Number.NaN) : '',
    )
    if (row.status !== 'ok')
      return [[row.name, '–', '–', '–', '–', ...ratios.map(() => '–'), row.note ?? ''], ...goals]
    const cells = [
      row.name,
      formatRate(row.reqPerSec),
      formatWholeMs(row.p50),
      formatWholeMs(row.p99),
      row.bodyBytes === undefined ? '' : `${row.bodyBytes} B`,
      ...ratios,
      row.note ?? '',
    ]
    return [cells, ...goals]
  })
  const columns = [
    { title: 'server', align: 'left' },
    { title: 'throughput', align: 'right' },
    { title: 'p50', align: 'right' },
    { title: 'p99', align: 'right' },
    { title: 'body', align: 'right' },
    ...definition.ratios.map((ratio) => ({ title: ratio.title, align: 'right' })),
    { title: 'note', align: 'left' },
  ]
  const footer = [...cpuNote(definition, group.rows), ...group.notes]
    .map((note) => `   note: ${note}`)
    .join('\n')
  return `${heading}\n${renderTable(columns, rows)}${footer ? `\n${footer}` : ''}`
}

/**
 * The servers' CPU time per request beside req/s: on a shared machine req/s
 * follows what the other processes leave over in each 1 s round, CPU time
 * per request much less (a figure to read the ratio by, not a goal).
 */
function cpuNote(definition, rows) {
  const reference = rows.find((row) => row.id === 'reference')
  if (definition.cpu === undefined || reference?.status !== 'ok') return []
  const ratio = reference[definition.cpu.key]
  if (!Number.isFinite(ratio)) return []
  const perRequest = rows
    .filter((row) => row.status === 'ok' && Number.isFinite(row.cpuPerRequestUs))
    .map((row) => `${row.name.split('  ')[0]} ${Math.round(row.cpuPerRequestUs)} µs`)
    .join(', ')
  return [
    `server CPU per request (median of rounds): ${perRequest}; ${formatRatio(ratio)} less than ${definition.cpu.against}'s, paired by round (moves less with background load than req/s)`,
  ]
}
