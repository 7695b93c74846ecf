// The sections of `npm run bench`, in the order they run. `--only` takes their
// letters. A section is { key, name, run(plan, progress) -> result, render(result) -> text }:
// `plan` is what options.mjs parsed (quick, rounds, duration, and the per-section
// settings), `progress(text)` updates the one-line progress indicator, and `result`
// is any JSON-able object; its `goals` (from judge() in goals.mjs) join the summary.
//
// Adding a section is one line here. For the REPL's (bench/lib/repl-throughput.mjs,
// exporting `section` of the shape above), add:
//   fromModule('D', 'REPL throughput', './repl-throughput.mjs'),
// fromModule imports the module only when the section runs, and says
// "not available yet" while the file does not exist.
import { commandsSection, renderCommands } from './section-commands.mjs'
import { embeddedSection, renderEmbedded } from './section-embedded.mjs'
import { growthSection, renderGrowth } from './section-growth.mjs'
import { renderThroughput, throughputSection } from './section-throughput.mjs'

export const SECTIONS = [
  {
    key: 'A',
    name: 'command wall times',
    run: (plan, progress) => commandsSection(plan.commands, progress),
    render: renderCommands,
  },
  {
    key: 'B',
    name: 'embedded default',
    run: (plan, progress) => embeddedSection(plan.embedded, progress),
    render: renderEmbedded,
  },
  {
    key: 'C',
    name: 'server throughput: REST, GraphQL, SOAP',
    run: (plan, progress) => throughputSection(plan.throughput, progress),
    render: renderThroughput,
  },
  fromModule('D', 'REPL throughput', './repl-throughput.mjs'),
  fromModule('E', 'REST with OpenAPI', './openapi-validation.mjs'),
  fromModule('F', 'store growth: JSON and SQLite at 40, 10k, 100k items', './store-growth.mjs'),
  {
    key: 'H',
    name: 'growth: bodies of 1, 20 and 200 MB',
    run: (plan, progress) => growthSection(plan, progress),
    render: renderGrowth,
  },
  fromModule('G', 'download of a 100 MiB body', './download-throughput.mjs'),
  fromModule('I', 'request files: 1,000 requests in one file', './run-file-throughput.mjs'),
]

/** A section whose code lives in a module of bench/lib exporting `section` ({ run, render }). */
export function fromModule(key, name, path) {
  const file = path.replace(/^\.\//, '')
  let loaded
  return {
    key,
    name,
    run: async (plan, progress) => {
      try {
        loaded = (await import(new URL(path, import.meta.url).href)).section
      } catch (error) {
        if (error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(file))
          throw new Error(`not available yet (bench/lib/${file} does not exist)`)
        throw error
      }
      return loaded.run(plan, progress)
    },
    render: (result) => loaded.render(result),
  }
}
