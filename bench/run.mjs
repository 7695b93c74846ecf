// npm run bench: apictl's side-by-side timings (see bench/README.md).
// A: command wall times, B: the embedded default, C: server throughput.
// Each case is independent: one that fails prints `error: …` in its row.
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { machine } from './lib/environment.mjs'
import { goalNote } from './lib/format.mjs'
import { parseOptions, USAGE } from './lib/options.mjs'
import { commandsSection, renderCommands } from './lib/section-commands.mjs'
import { embeddedSection, renderEmbedded } from './lib/section-embedded.mjs'
import { renderThroughput, throughputSection } from './lib/section-throughput.mjs'

let plan
try {
  plan = parseOptions(process.argv.slice(2))
} catch (error) {
  process.stderr.write(`bench: ${error.message}\n${USAGE}\n`)
  process.exit(2)
}
if (plan.help) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}

const progress = progressLine()
const startedAt = new Date()
const host = machine()
const report = { startedAt: startedAt.toISOString(), machine: host, quick: plan.quick, sections: {} }
process.stdout.write(
  `apictl bench${plan.quick ? ' (--quick: a smoke run, figures are rough)' : ''}\n` +
    `node ${host.node} · ${host.platform} · ${host.cpu} · load ${host.loadAverage.join(' ')}\n`,
)

const sections = [
  { key: 'A', run: () => commandsSection(plan.commands, progress), render: renderCommands },
  { key: 'B', run: () => embeddedSection(plan.embedded, progress), render: renderEmbedded },
  { key: 'C', run: () => throughputSection(plan.throughput, progress), render: renderThroughput },
]
for (const section of sections) {
  if (!plan.sections.has(section.key)) continue
  try {
    const result = await section.run()
    report.sections[section.key] = result
    progress.clear()
    process.stdout.write(`\n${section.render(result)}\n`)
  } catch (error) {
    progress.clear()
    report.sections[section.key] = { error: error.message }
    process.stdout.write(`\n${section.key}. error: ${error.message}\n`)
  }
}

const goals = Object.values(report.sections).flatMap((section) => section.goals ?? [])
report.goals = goals
report.seconds = Math.round((Date.now() - startedAt.getTime()) / 100) / 10
if (goals.length) {
  process.stdout.write(`\nGoals\n${goals.map((goal) => `  ${goal.section}  ${goalNote(goal)}`).join('\n')}\n`)
}
const outputDir = join(tmpdir(), 'apictl-bench')
await mkdir(outputDir, { recursive: true })
const outputFile = join(outputDir, 'latest.json')
await writeFile(outputFile, `${JSON.stringify(report, null, 2)}\n`)
process.stdout.write(`\n${report.seconds} s in all; results as JSON in ${outputFile}\n`)

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
