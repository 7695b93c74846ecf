// Section E: REST with an OpenAPI document (issue 15). Paired, shuffled rounds (paired-rounds.mjs)
// with every document cached by the preflight runs:
//   - `apictl rest post … --openapi DOC` against the same call with --no-validate, on two
//     documents: the reference server's own (`REF/openapi.json`, posting to the reference
//     server) and Plaid's 3 MB public one (fixtures/openapi-corpus, posting to a bare node:http
//     server that answers every request alike). What validating one request adds is the median
//     over rounds of the paired difference (bar: under 30 ms, on each document);
//   - `apictl rest ops --openapi <Plaid's document>` from the cache (bar: under 1.5 s);
// Each process reports its CPU time too (report-cpu.cjs, preloaded): the CPU column and the
// paired CPU differences hold up on a busy machine, where wall times swing.
//   - shell completion (`apictl __complete -- rest post --openapi <Plaid's document> WORD`, what
//     the bash/zsh/fish scripts run on Tab): the paths, and one operation's body fields, read
//     from the cached digest; against `node -e ''` (bar: under 100 ms).
import { join } from 'node:path'
import { startChildServer } from './child-server.mjs'
import {
  APICTL_BIN,
  apictlEnv,
  loadAverage,
  makeTempDir,
  ROOT,
  removeDir,
  SERVE_ARGS,
  SERVER_SCRIPTS,
} from './environment.mjs'
import { formatMs, goalNote, renderTable } from './format.mjs'
import { judge } from './goals.mjs'
import { runPairedRounds } from './paired-rounds.mjs'
import { median } from './stats.mjs'

const LARGE = join(ROOT, 'fixtures', 'openapi-corpus', 'plaid-2020-09-14.yaml')
const REPORT_CPU = join(ROOT, 'bench', 'lib', 'report-cpu.cjs')

const GOALS = {
  validationRef: {
    id: 'openapiValidation',
    issue: 15,
    section: 'E',
    text: "OpenAPI validation adds < 30 ms to rest post (vs --no-validate), reference server's document",
    kind: 'below',
    limit: 30,
  },
  validationLarge: {
    id: 'openapiValidationLarge',
    issue: 15,
    section: 'E',
    text: "OpenAPI validation adds < 30 ms to rest post (vs --no-validate), Plaid's 3 MB document",
    kind: 'below',
    limit: 30,
  },
  ops: {
    id: 'openapiOpsCached',
    issue: 15,
    section: 'E',
    text: 'rest ops on a 3 MB public document, from cache, < 1.5 s',
    kind: 'below',
    limit: 1500,
  },
  completion: {
    id: 'openapiShellCompletion',
    issue: 15,
    section: 'E',
    text: "shell completion from a 3 MB document's cached digest < 100 ms",
    kind: 'below',
    limit: 100,
  },
}

const expectOutput = (pattern, what) => (result) =>
  pattern.test(result.stdout) ? undefined : `${what} not in the output: ${result.stdout.slice(0, 80)}`

/** The median over rounds of (a − b), from the rounds in which both ran: wall time, or (`roundsCpuMs`) CPU time. */
function pairedDifference(results, a, b, field = 'roundsMs') {
  const first = results.find((result) => result.id === a)
  const second = results.find((result) => result.id === b)
  if (first?.status !== 'ok' || second?.status !== 'ok' || !first[field] || !second[field]) return Number.NaN
  const differences = first[field]
    .map((ms, round) => (ms === null || second[field][round] === null ? null : ms - second[field][round]))
    .filter((each) => each !== null)
  return differences.length === 0 ? Number.NaN : median(differences)
}

const medianCpu = (result) => median((result.roundsCpuMs ?? []).filter((each) => each !== null))

export const section = {
  async run(plan, progress) {
    const rounds = Math.max(3, Math.round((plan.commands?.rounds ?? 30) / 2))
    const warmups = plan.quick ? 1 : 2
    progress('E starting the reference server and a bare server')
    const [reference, bare] = await Promise.all([
      startChildServer(APICTL_BIN, SERVE_ARGS, { probePath: '/v1/items/1' }),
      startChildServer(SERVER_SCRIPTS.bare, ['{"ok":true}'], { probePath: '/' }),
    ])
    const home = await makeTempDir('apictl-bench-openapi-')
    const loadBefore = loadAverage()
    try {
      const env = apictlEnv(join(home, 'config'), join(home, 'cache'))
      // Every process (node -e '' too) reports its CPU time: on a busy machine it moves far less than wall time.
      const measuredCpu = (id) => {
        const cpuFile = join(home, `${id}.cpu`)
        return {
          cpuFile,
          env: { ...env, NODE_OPTIONS: `--require "${REPORT_CPU}"`, APICTL_BENCH_CPU_FILE: cpuFile },
        }
      }
      const apictl = (id, label, args, check) => ({
        id,
        label,
        command: process.execPath,
        args: [APICTL_BIN, ...args],
        ...measuredCpu(id),
        check,
      })
      const refPost = (validate) => [
        'rest',
        'post',
        `${reference.url}/v1/items`,
        'name=Pen',
        'price=2.5',
        '--user',
        'demo:demo',
        '--openapi',
        `${reference.url}/openapi.json`,
        ...(validate ? [] : ['--no-validate']),
      ]
      const largePost = (validate) => [
        'rest',
        'post',
        `${bare.url}/item/get`,
        'access_token=access-sandbox-1',
        'client_id=bench',
        'secret=bench',
        '--openapi',
        LARGE,
        ...(validate ? [] : ['--no-validate']),
      ]
      const created = expectOutput(/"name": "Pen"/, 'the created item')
      const answered = expectOutput(/"ok": true/, "the bare server's answer")
      const cases = [
        {
          id: 'node',
          label: "node -e ''",
          command: process.execPath,
          args: ['-e', ''],
          ...measuredCpu('node'),
        },
        apictl(
          'refChecked',
          'apictl rest post REF/v1/items name=Pen price=2.5 --openapi REF/openapi.json',
          refPost(true),
          created,
        ),
        apictl('refUnchecked', '  the same with --no-validate', refPost(false), created),
        apictl(
          'largeChecked',
          'apictl rest post URL/item/get access_token=… --openapi plaid.yaml (3 MB)',
          largePost(true),
          answered,
        ),
        apictl('largeUnchecked', '  the same with --no-validate', largePost(false), answered),
        apictl(
          'ops',
          'apictl rest ops --openapi plaid.yaml (3 MB, cached)',
          ['rest', 'ops', '--openapi', LARGE],
          expectOutput(/\/item\/get/, '/item/get'),
        ),
        apictl(
          'completePaths',
          'Tab: apictl rest post --openapi plaid.yaml /item/  (paths)',
          ['__complete', '--', 'rest', 'post', '--openapi', LARGE, '/item/'],
          expectOutput(/^\/item\/get$/m, '/item/get'),
        ),
        apictl(
          'completeItems',
          'Tab: apictl rest post --openapi plaid.yaml /item/get ac  (body fields)',
          ['__complete', '--', 'rest', 'post', '--openapi', LARGE, '/item/get', 'ac'],
          expectOutput(/^access_token=$/m, 'access_token='),
        ),
      ]
      const results = await runPairedRounds(cases, {
        warmups,
        rounds,
        onProgress: (step) => progress(`E ${step}`),
      })
      const byId = (id) => results.find((result) => result.id === id)
      const measured = (id) => (byId(id)?.status === 'ok' ? byId(id).medianMs : Number.NaN)
      const why = (id) => (byId(id)?.status === 'ok' ? undefined : byId(id)?.note)
      const addedRef = pairedDifference(results, 'refChecked', 'refUnchecked')
      const addedLarge = pairedDifference(results, 'largeChecked', 'largeUnchecked')
      const completion = Math.max(measured('completePaths'), measured('completeItems'))
      const completionOverNode = Math.max(
        pairedDifference(results, 'completePaths', 'node'),
        pairedDifference(results, 'completeItems', 'node'),
      )
      return {
        rounds,
        warmups,
        loadBefore,
        loadAfter: loadAverage(),
        results,
        addedRefMs: addedRef,
        addedLargeMs: addedLarge,
        completionOverNodeMs: completionOverNode,
        addedRefCpuMs: pairedDifference(results, 'refChecked', 'refUnchecked', 'roundsCpuMs'),
        addedLargeCpuMs: pairedDifference(results, 'largeChecked', 'largeUnchecked', 'roundsCpuMs'),
        completionOverNodeCpuMs: Math.max(
          pairedDifference(results, 'completePaths', 'node', 'roundsCpuMs'),
          pairedDifference(results, 'completeItems', 'node', 'roundsCpuMs'),
        ),
        goals: [
          judge(GOALS.validationRef, addedRef, why('refChecked') ?? why('refUnchecked')),
          judge(GOALS.validationLarge, addedLarge, why('largeChecked') ?? why('largeUnchecked')),
          judge(GOALS.ops, measured('ops'), why('ops')),
          judge(GOALS.completion, completion, why('completePaths') ?? why('completeItems')),
        ],
      }
    } finally {
      await Promise.all([reference.stop(), bare.stop()])
      await removeDir(home)
    }
  },
  render(result) {
    const rows = result.results.map((each) => [
      each.label,
      each.status === 'ok' ? formatMs(each.medianMs) : each.note,
      each.status === 'ok' ? formatMs(each.p90Ms) : '',
      each.status === 'ok' ? formatMs(medianCpu(each)) : '',
    ])
    const rowAfter = (id, row) => rows.splice(result.results.findIndex((each) => each.id === id) + 1, 0, row)
    const paired = 'median of paired differences'
    rowAfter('completeItems', [
      `  Tab over node -e '' (${paired})`,
      formatMs(result.completionOverNodeMs),
      '',
      formatMs(result.completionOverNodeCpuMs),
    ])
    rowAfter('largeUnchecked', [
      `  validation adds (${paired})`,
      formatMs(result.addedLargeMs),
      '',
      formatMs(result.addedLargeCpuMs),
    ])
    rowAfter('refUnchecked', [
      `  validation adds (${paired})`,
      formatMs(result.addedRefMs),
      '',
      formatMs(result.addedRefCpuMs),
    ])
    const load = (figures) => figures.map((each) => each.toFixed(2)).join(' ')
    return `E. REST with OpenAPI: ${result.rounds} paired rounds after ${result.warmups} warm-up(s), order shuffled each round; load ${load(result.loadBefore)} → ${load(result.loadAfter)}
${renderTable(
  [
    { title: 'command', align: 'left' },
    { title: 'median', align: 'right' },
    { title: 'p90', align: 'right' },
    { title: 'CPU', align: 'right' },
  ],
  rows,
)}
${result.goals.map((goal) => `  ${goalNote(goal)}`).join('\n')}`
  },
}
