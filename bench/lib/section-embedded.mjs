// Section B: the embedded default. With a fresh config dir the built-in `local`
// profile is active, so `apictl rest get /v1/items` starts the reference server
// in-process, sends one request to it over loopback, and stops it.
import { join } from 'node:path'
import { renderCommandTimes } from './command-table.mjs'
import { APICTL_BIN, apictlEnv, cliUnavailable, makeTempDir, removeDir } from './environment.mjs'
import { goalShort } from './format.mjs'
import { judge } from './goals.mjs'
import { runPairedRounds } from './paired-rounds.mjs'

export async function embeddedSection({ warmups, rounds }, progress) {
  const cli = cliUnavailable()
  // One cache dir for the section, as a user has: the warm-ups fill apictl's code cache (see
  // docs/decisions.md). The cold row gets a fresh one per run, so it compiles everything.
  const cacheDir = await makeTempDir('apictl-bench-embedded-cache-')
  // Likewise one data dir: the local profile's store is made and seeded by the first run, then opened by each.
  const dataDir = await makeTempDir('apictl-bench-embedded-data-')
  const embedded = (id, label, freshCache) => ({
    id,
    label,
    command: process.execPath,
    args: [APICTL_BIN, 'rest', 'get', '/v1/items'],
    unavailable: cli && `error: ${cli}`,
    // A fresh, empty config dir for every run, made and removed outside the timed span.
    prepare: async () => {
      const configDir = await makeTempDir('apictl-bench-embedded-')
      return {
        env: freshCache
          ? apictlEnv(configDir, join(configDir, 'cache'), join(configDir, 'data'))
          : apictlEnv(configDir, cacheDir, dataDir),
        cleanup: () => removeDir(configDir),
      }
    },
    check: (result) =>
      parsesAsJson(result.stdout) ? undefined : `output is not JSON: ${result.stdout.slice(0, 60)}`,
  })
  const cases = [
    { id: 'node', label: "node -e ''  (baseline)", command: process.execPath, args: ['-e', ''] },
    embedded('embedded', 'apictl rest get /v1/items  (fresh config: embedded server)', false),
    embedded('embedded-cold', '  same, fresh cache dir too (no code cache)', true),
  ]
  const results = await runPairedRounds(cases, {
    warmups,
    rounds,
    ratioTo: ['node'],
    onProgress: (step) => progress(`B ${step}`),
  })
  await removeDir(cacheDir)
  await removeDir(dataDir)
  const warm = results.find((result) => result.id === 'embedded')
  const measured = warm.status === 'ok' && warm.runs > 0
  const goals = [judge('embedded', measured ? warm.ratios.node : null, measured ? undefined : warm.note)]
  return { warmups, rounds, results, goals }
}

function parsesAsJson(text) {
  try {
    JSON.parse(text)
    return text.trim().length > 0
  } catch {
    return false
  }
}

export function renderEmbedded(section) {
  const goal = section.goals[0]
  const table = renderCommandTimes(section.results, {
    notesOf: (result) => result.id === 'embedded' && goalShort(goal),
  })
  const title = `B. Embedded default: ${section.rounds} paired rounds after ${section.warmups} warm-up(s), fresh APICTL_CONFIG_DIR per run`
  return `${title}\n\n${table}`
}
