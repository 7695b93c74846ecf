// Paired, interleaved timing: every round runs each case once, in a fresh
// random order, so drift (thermal, background load, caches) hits all cases
// alike. Ratios are taken within a round, then summarised across rounds.
import { readFile, rm } from 'node:fs/promises'
import { median, percentile, shuffled } from './stats.mjs'
import { failureOf, timeCommand } from './time-command.mjs'

/**
 * A case: { id, label, command, args, env?, prepare?() -> { env?, cleanup?() }, check?(result) -> string|undefined,
 *           unavailable?: string, cpuFile?: string (the run's CPU time is read from it: report-cpu.cjs) }.
 * Returns one entry per case: { id, label, status: 'ok'|'error'|'unavailable', note?, samples[], failures,
 *           median, p90, ratios: { [caseId]: median of per-round ratios }, roundsMs[], roundsCpuMs[] (with cpuFile) }.
 */
export async function runPairedRounds(cases, { warmups, rounds, ratioTo = [], onProgress = () => {} }) {
  const entries = new Map(
    cases.map((item) => [item.id, { item, samples: [], perRound: [], cpuPerRound: [], failures: 0 }]),
  )
  const active = []
  for (const item of cases) {
    const entry = entries.get(item.id)
    if (item.unavailable) {
      entry.status = 'unavailable'
      entry.note = item.unavailable
      continue
    }
    // Preflight: one run that must succeed, or the case is reported as an error and left out.
    const failure = await runOnce(item).then((run) => run.failure)
    if (failure) {
      entry.status = 'error'
      entry.note = failure
    } else {
      entry.status = 'ok'
      active.push(item)
    }
  }
  for (let round = 0; round < warmups + rounds; round++) {
    const measured = round >= warmups
    onProgress(measured ? `round ${round - warmups + 1}/${rounds}` : `warm-up ${round + 1}/${warmups}`)
    const times = {}
    const cpu = {}
    for (const item of shuffled(active)) {
      const run = await runOnce(item)
      if (!measured) continue
      const entry = entries.get(item.id)
      if (run.failure) {
        entry.failures++
        entry.lastFailure = run.failure
      } else {
        entry.samples.push(run.ms)
        times[item.id] = run.ms
        if (run.cpuMs !== undefined) cpu[item.id] = run.cpuMs
      }
    }
    if (measured) {
      for (const entry of entries.values()) {
        entry.perRound.push(times)
        entry.cpuPerRound.push(cpu)
      }
    }
  }
  return [...entries.values()].map((entry) => summarise(entry, ratioTo))
}

async function runOnce(item) {
  const prepared = item.prepare ? await item.prepare() : {}
  try {
    if (item.cpuFile) await rm(item.cpuFile, { force: true })
    const result = await timeCommand({
      command: item.command,
      args: item.args,
      env: prepared.env ?? item.env,
    })
    // A case with cpuFile runs with report-cpu.cjs preloaded, which leaves its CPU time there.
    const cpuMs = item.cpuFile
      ? Number(await readFile(item.cpuFile, 'utf8').catch(() => Number.NaN))
      : undefined
    return { ms: result.ms, cpuMs, failure: failureOf(result, item.check) }
  } finally {
    await prepared.cleanup?.()
  }
}

function summarise(entry, ratioTo) {
  const { item, samples, perRound, failures } = entry
  const ratios = {}
  for (const otherId of ratioTo) {
    const paired = perRound
      .filter((times) => times[item.id] !== undefined && times[otherId] !== undefined)
      .map((times) => times[item.id] / times[otherId])
    ratios[otherId] = median(paired)
  }
  let note = entry.note
  if (entry.status === 'ok' && failures > 0) note = `${failures} failed run(s), last: ${entry.lastFailure}`
  return {
    id: item.id,
    label: item.label,
    status: entry.status,
    ...(note ? { note } : {}),
    runs: samples.length,
    failures,
    medianMs: median(samples),
    p90Ms: percentile(samples, 90),
    minMs: samples.length ? Math.min(...samples) : Number.NaN,
    ratios,
    samplesMs: samples.map((ms) => Math.round(ms * 100) / 100),
    /** This case's time in each measured round (null where it failed), for differences between cases. */
    roundsMs: perRound.map((times) => times[item.id] ?? null),
    ...(item.cpuFile
      ? { roundsCpuMs: entry.cpuPerRound.map((cpu) => (Number.isFinite(cpu[item.id]) ? cpu[item.id] : null)) }
      : {}),
  }
}
