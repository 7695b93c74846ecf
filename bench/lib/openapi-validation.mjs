// Section E: REST with an OpenAPI document (issue 15). Against the reference server
// (`apictl serve` in a child process), with the document cached by a warm-up run:
//   - `apictl rest post REF/v1/items name=Pen price=2.5 --openapi REF/openapi.json`
//     against the same call with --no-validate, paired and interleaved: what validating
//     one request adds (bar: under 30 ms);
//   - `apictl rest ops --openapi <a 3 MB public document>` from the cache (bar: under 1.5 s).
import { join } from 'node:path'
import { startChildServer } from './child-server.mjs'
import { APICTL_BIN, apictlEnv, makeTempDir, ROOT, removeDir, SERVE_ARGS } from './environment.mjs'
import { formatMs, renderTable } from './format.mjs'
import { judge } from './goals.mjs'
import { median } from './stats.mjs'
import { failureOf, timeCommand } from './time-command.mjs'

const LARGE = join(ROOT, 'fixtures', 'openapi-corpus', 'plaid-2020-09-14.yaml')

const GOALS = {
  validation: {
    id: 'openapiValidation',
    issue: 15,
    section: 'E',
    text: 'OpenAPI validation adds < 30 ms to rest post (vs --no-validate)',
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
}

async function timed(args, env, expectCode = 0) {
  const result = await timeCommand({ command: process.execPath, args: [APICTL_BIN, ...args], env })
  if (result.code !== expectCode)
    throw new Error(`${args.slice(0, 3).join(' ')}: ${failureOf(result) ?? `exit ${result.code}`}`)
  return result.ms
}

export const section = {
  async run(plan, progress) {
    const rounds = Math.max(3, Math.round((plan.commands?.rounds ?? 30) / 2))
    progress('E starting the reference server')
    const server = await startChildServer(APICTL_BIN, SERVE_ARGS, { probePath: '/v1/items/1' })
    const home = await makeTempDir('apictl-bench-openapi-')
    try {
      const env = apictlEnv(join(home, 'config'), join(home, 'cache'))
      const post = (validate) => [
        'rest',
        'post',
        `${server.url}/v1/items`,
        'name=Pen',
        'price=2.5',
        '--user',
        'demo:demo',
        '--openapi',
        `${server.url}/openapi.json`,
        ...(validate ? [] : ['--no-validate']),
      ]
      const ops = ['rest', 'ops', '--openapi', LARGE]
      progress('E warming the document caches')
      await timed(post(true), env)
      await timed(ops, env)
      const checked = []
      const unchecked = []
      const listed = []
      for (let round = 0; round < rounds; round++) {
        progress(`E round ${round + 1}/${rounds}`)
        // Interleaved, the order alternating, so load drifts hit both alike.
        if (round % 2 === 0) {
          checked.push(await timed(post(true), env))
          unchecked.push(await timed(post(false), env))
        } else {
          unchecked.push(await timed(post(false), env))
          checked.push(await timed(post(true), env))
        }
        listed.push(await timed(ops, env))
      }
      const added = median(checked) - median(unchecked)
      return {
        rounds,
        checkedMs: median(checked),
        uncheckedMs: median(unchecked),
        addedMs: added,
        opsMs: median(listed),
        goals: [judge(GOALS.validation, added), judge(GOALS.ops, median(listed))],
      }
    } finally {
      await server.stop()
      await removeDir(home)
    }
  },
  render(result) {
    const rows = [
      [
        'apictl rest post REF/v1/items name=Pen price=2.5 --openapi REF/openapi.json',
        formatMs(result.checkedMs),
      ],
      ['  the same with --no-validate', formatMs(result.uncheckedMs)],
      ['  validation adds', formatMs(result.addedMs)],
      ['apictl rest ops --openapi plaid-2020-09-14.yaml (3 MB, cached)', formatMs(result.opsMs)],
    ]
    return `E. REST with OpenAPI (median of ${result.rounds} rounds)\n${renderTable(
      [
        { title: 'command', align: 'left' },
        { title: 'wall', align: 'right' },
      ],
      rows,
    )}`
  },
}
