// The performance bars of issues 2–5, in one place: each section judges the
// figures it measured against them, and the summary lists every one of them,
// measured or not. A section with bars of its own (the REPL's, later) can judge
// against a definition it passes in, and its goals join the summary after these.
import { formatRatio, formatWholeMs } from './format.mjs'

/**
 * kind: 'atMost' (ratio ≤ limit), 'atLeast' (ratio ≥ limit), 'below' (ms < limit);
 * of: what the ratio is taken against, for short notes.
 * aim: a stretch figure the issue names beside the bar (reported, never a failure).
 */
export const GOALS = [
  {
    id: 'version',
    of: "node -e ''",
    issue: 2,
    section: 'A',
    text: "apictl --version ≤ 1.2× node -e ''",
    kind: 'atMost',
    limit: 1.2,
  },
  {
    id: 'restVsHttpie',
    of: 'HTTPie',
    issue: 2,
    section: 'A',
    text: 'apictl rest get URL ≤ 0.6× HTTPie GET',
    kind: 'atMost',
    limit: 0.6,
  },
  {
    id: 'embedded',
    of: "node -e ''",
    issue: 3,
    section: 'B',
    text: "embedded apictl rest get /v1/items ≤ 2× node -e ''",
    kind: 'atMost',
    limit: 2,
  },
  {
    id: 'restVsBare',
    of: 'bare',
    issue: 3,
    section: 'C',
    text: 'REST GET /v1/items/1 ≥ 0.7× bare node:http req/s',
    kind: 'atLeast',
    limit: 0.7,
  },
  {
    id: 'restVsJsonServer',
    of: 'json-server',
    issue: 3,
    section: 'C',
    text: 'REST GET /v1/items/1 ≥ 5× json-server req/s',
    kind: 'atLeast',
    limit: 5,
  },
  {
    id: 'restP99',
    issue: 3,
    section: 'C',
    text: 'REST p99 < 15 ms at 50 connections',
    kind: 'below',
    limit: 15,
  },
  {
    id: 'gqlVsHttpie',
    of: 'HTTPie',
    issue: 4,
    section: 'A',
    text: 'apictl gql (cached schema) ≤ 0.8× HTTPie POST',
    kind: 'atMost',
    limit: 0.8,
  },
  {
    id: 'graphqlVsApollo',
    of: 'Apollo',
    issue: 4,
    section: 'C',
    text: 'GraphQL /graphql ≥ 1× Apollo standalone req/s (aim 1.5×)',
    kind: 'atLeast',
    limit: 1,
    aim: 1.5,
  },
  {
    id: 'graphqlP99',
    issue: 4,
    section: 'C',
    text: 'GraphQL p99 < 15 ms at 50 connections',
    kind: 'below',
    limit: 15,
  },
  {
    id: 'soapCall',
    of: "node -e ''",
    issue: 5,
    section: 'A',
    text: "apictl soap call (cached WSDL) ≤ 1.8× node -e ''",
    kind: 'atMost',
    limit: 1.8,
  },
  {
    id: 'soapVsNodeSoap',
    of: 'node-soap',
    issue: 5,
    section: 'C',
    text: 'SOAP GetItem ≥ 1× node-soap req/s (aim 1.3×)',
    kind: 'atLeast',
    limit: 1,
    aim: 1.3,
  },
  {
    id: 'soapP99',
    issue: 5,
    section: 'C',
    text: 'SOAP p99 < 15 ms at 50 connections',
    kind: 'below',
    limit: 15,
  },
  {
    id: 'replVsCurl',
    of: 'curl',
    issue: 6,
    section: 'D',
    text: '100 GETs in one REPL session ≤ 1× 100 sequential curl runs',
    kind: 'atMost',
    limit: 1,
  },
  {
    id: 'storeStartup',
    issue: 14,
    section: 'F',
    text: 'serve --data, SQLite, 100,000 items: start-up < 1000 ms',
    kind: 'below',
    limit: 1000,
  },
  {
    id: 'storeListP99',
    issue: 14,
    section: 'F',
    text: 'SQLite 100k: GET /v1/items?page= p99 < 15 ms at 50 connections',
    kind: 'below',
    limit: 15,
  },
  {
    id: 'storeGraphqlP99',
    issue: 14,
    section: 'F',
    text: 'SQLite 100k: GraphQL items(limit: 100) p99 < 15 ms at 50 connections',
    kind: 'below',
    limit: 15,
  },
  {
    id: 'storeSoapP99',
    issue: 14,
    section: 'F',
    text: 'SQLite 100k: SOAP ListItems limit 100 p99 < 15 ms at 50 connections',
    kind: 'below',
    limit: 15,
  },
  {
    id: 'storeWriteGrowth',
    of: 'the rate at 40',
    issue: 14,
    section: 'F',
    text: 'SQLite durable writes at 100k ≥ 0.7× the rate at 40 items',
    kind: 'atLeast',
    limit: 0.7,
  },
  {
    id: 'storeWriteRate',
    of: '2,000 writes/s',
    issue: 14,
    section: 'F',
    text: 'SQLite ≥ 2,000 acknowledged writes/s at 10 writers (slowest size, × 2,000/s)',
    kind: 'atLeast',
    limit: 1,
  },
]

const byId = new Map(GOALS.map((goal) => [goal.id, goal]))

/**
 * Judges a measured figure against a goal (an id of GOALS, or a definition of the same
 * shape). measured: a ratio, or milliseconds for 'below'; null/NaN when it was not
 * measured, with `note` saying why.
 * @returns {{ id, issue, section, goal, measured, display, met: boolean|null, aimMet?: boolean, note? }}
 */
export function judge(goalOrId, measured, note) {
  const definition = typeof goalOrId === 'string' ? byId.get(goalOrId) : goalOrId
  if (!definition) throw new Error(`bench: no goal ${goalOrId}`)
  const { id, issue, section, text, kind, limit, aim } = definition
  const known = typeof measured === 'number' && Number.isFinite(measured)
  const display =
    kind === 'below'
      ? formatWholeMs(known ? measured : Number.NaN)
      : formatRatio(known ? measured : Number.NaN)
  const result = {
    id,
    issue,
    section,
    goal: text,
    target: target(definition),
    measured: known ? measured : null,
    display,
  }
  if (!known) return { ...result, met: null, ...(note ? { note } : {}) }
  const met =
    kind === 'atMost' ? measured <= limit : kind === 'atLeast' ? measured >= limit : measured < limit
  const aimMet = aim === undefined ? undefined : kind === 'atMost' ? measured <= aim : measured >= aim
  return { ...result, met, ...(aimMet === undefined ? {} : { aimMet, aim }), ...(note ? { note } : {}) }
}

/** The bar alone, as `≤ 1.2× node -e ''`, `≥ 1× Apollo`, `< 15 ms`. */
function target({ kind, limit, of }) {
  if (kind === 'below') return `< ${limit} ms`
  return `${kind === 'atMost' ? '≤' : '≥'} ${limit}×${of ? ` ${of}` : ''}`
}

/** Every goal of GOALS (in order) with what the run measured, then any others the sections judged. */
export function goalSummary(judged, ranSections) {
  const found = new Map(judged.map((goal) => [goal.id, goal]))
  const listed = GOALS.map((definition) => {
    const goal = found.get(definition.id)
    if (goal) return goal
    const why = ranSections.has(definition.section) ? 'not measured' : `section ${definition.section} not run`
    return { ...judge(definition, null, why) }
  })
  const extra = judged.filter((goal) => !GOALS.some((definition) => definition.id === goal.id))
  return [...listed, ...extra]
}
