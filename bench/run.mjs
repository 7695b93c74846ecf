// npm run bench: apictl's side-by-side timings (see bench/README.md).
// The sections (A: command wall times, B: the embedded default, C: server
// throughput, …) are listed in lib/sections.mjs. Each case is independent: one
// that fails prints `error: …` in its row; the goals of issues 2–5 end the report.
import { rmSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { snapshotBuild } from './lib/build-snapshot.mjs'
import { buildStamp, loadAverage, machine, useBuildRoot } from './lib/environment.mjs'
import { goalVerdict, renderTable } from './lib/format.mjs'
import { goalSummary } from './lib/goals.mjs'
import { parseOptions, usage } from './lib/options.mjs'
import { SECTIONS } from './lib/sections.mjs'

let plan
try {
  plan = parseOptions(
    process.argv.slice(2),
    SECTIONS.map((section) => section.key),
  )
} catch (error) {
  process.stderr.write(`bench: ${error.message}\n${usage(SECTIONS)}\n`)
  process.exit(2)
}
if (plan.help) {
  process.stdout.write(`${usage(SECTIONS)}\n`)
  process.exit(0)
}

const progress = progressLine()
const startedAt = new Date()
const host = machine()
progress('copying the build')
const snapshot = await snapshotBuild()
if (snapshot.root) {
  useBuildRoot(snapshot.root)
  process.on('SIGINT', () => {
    rmSync(snapshot.root, { recursive: true, force: true })
    process.exit(130)
  })
}
progress.clear()
const build = snapshot.stamp
const report = { startedAt: startedAt.toISOString(), machine: host, build, quick: plan.quick, sections: {} }
process.stdout.write(
  `apictl bench${plan.quick ? ' (--quick: a smoke run, figures are rough)' : ''}\n` +
    `node ${host.node} · ${host.platform} · ${host.cpu}\n` +
    `load average ${host.loadAverage.join(' ')} (1, 5, 15 min)${busy(host.loadAverage)}\n` +
    (snapshot.root
      ? `build: dist/ of ${build}, run from a private copy (${snapshot.root})\n`
      : `build: none usable (${snapshot.error}); apictl rows will fail\n`),
)

for (const section of SECTIONS) {
  if (!plan.sections.has(section.key)) continue
  const load = loadAverage()
  try {
    const result = await section.run(plan, progress)
    report.sections[section.key] = { load, ...result }
    progress.clear()
    process.stdout.write(`\n${section.render(result)}\n   load average at the start: ${load.join(' ')}\n`)
  } catch (error) {
    progress.clear()
    report.sections[section.key] = { load, error: error.message }
    process.stdout.write(`\n${section.key}. ${section.name}: error: ${error.message}\n`)
  }
}

const judged = Object.values(report.sections).flatMap((section) => section.goals ?? [])
report.goals = goalSummary(judged, plan.sections)
report.seconds = Math.round((Date.now() - startedAt.getTime()) / 100) / 10
report.loadAverageAtEnd = loadAverage()
process.stdout.write(`\n${renderGoals(report.goals)}\n`)
const outputDir = join(tmpdir(), 'apictl-bench')
await mkdir(outputDir, { recursive: true })
const outputFile = join(outputDir, 'latest.json')
await writeFile(outputFile, `${JSON.stringify(report, null, 2)}\n`)
await snapshot.remove?.()
report.checkoutBuildAtEnd = buildStamp()
if (snapshot.root && report.checkoutBuildAtEnd !== build) {
  process.stdout.write(
    `\nnote: dist/ in the checkout was rebuilt during the run (now ${report.checkoutBuildAtEnd ?? 'missing'}); ` +
      `every figure above is of the copy of ${build}\n`,
  )
}
process.stdout.write(
  `\n${report.seconds} s in all; load average at the end ${report.loadAverageAtEnd.join(' ')}; ` +
    `results as JSON in ${outputFile}\n`,
)

/** Every goal of issues 2–5 (and any a section adds) with the figure measured and the verdict. */
function renderGoals(goals) {
  const rows = goals.map((goal) => [
    `#${goal.issue ?? '?'}`,
    goal.section,
    goal.goal,
    goal.met === null ? '–' : goal.display,
    goal.met === null ? `not measured${goal.note ? `: ${goal.note}` : ''}` : goalVerdict(goal),
  ])
  const columns = [
    { title: 'issue', align: 'left' },
    { title: 'section', align: 'left' },
    { title: 'goal', align: 'left' },
    { title: 'measured', align: 'right' },
    { title: 'result', align: 'left' },
  ]
  const count = (met) => goals.filter((goal) => goal.met === met).length
  const tally = `${count(true)} ok, ${count(false)} MISSED, ${count(null)} not measured, of ${goals.length}`
  return `Goals: ${tally}\n\n${renderTable(columns, rows)}`
}

/** A warning when the machine was already busy: figures then say more about the load than about apictl. */
function busy([oneMinute]) {
  return oneMinute > host.cores * 0.5
    ? ` (busy: ${oneMinute} on ${host.cores} cores; figures will be noisy, rerun on a quiet machine to judge close goals)`
    : ''
}

/** A one-line progress indicator on stderr when it is a terminal; silent otherwise. */
function progressLine() {
  const live = process.stderr.isTTY
  const update = (text) => {
    if (live) process.stderr.write(`\r\x1b[2K  … ${text}`)
  }
  update.clear = () => {
    if (live) process.stderr.write('\r\x1b[2K')
  }
  return update
}
