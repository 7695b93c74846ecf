// What the three throughput groups (REST, GraphQL, SOAP) share: one row from a
// server's autocannon rounds, and the paired ratio of two servers' rounds.
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { median } from './stats.mjs'

export const perSecond = (result) => result.totalCompletedRequests / result.duration

/**
 * One table row from a server's rounds (autocannon results, one per round; a
 * missing round is skipped): req/s over all rounds, merged p50/p99, per-round
 * req/s, and a note naming any non-2xx answers, errors or timeouts.
 */
export function summariseRounds(entry, rounds, { url, connections, bodyBytes, extra = {} }) {
  const { id, name, status, note } = entry
  const results = (rounds ?? []).filter(Boolean)
  if (status !== 'ok' || results.length === 0) {
    return { id, name, status: 'error', reqPerSec: Number.NaN, p50: Number.NaN, p99: Number.NaN, note }
  }
  const merged = autocannon.aggregateResult(results, { url, connections })
  const seconds = results.reduce((sum, result) => sum + result.duration, 0)
  const completed = results.reduce((sum, result) => sum + result.totalCompletedRequests, 0)
  const problems = []
  if (merged.non2xx) problems.push(`${merged.non2xx} non-2xx`)
  if (merged.errors) problems.push(`${merged.errors} errors`)
  if (merged.timeouts) problems.push(`${merged.timeouts} timeouts`)
  return {
    id,
    name,
    status,
    ...extra,
    reqPerSec: completed / seconds,
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    bodyBytes,
    perRoundReqPerSec: results.map((result) => Math.round(perSecond(result))),
    cpuPerRequestUs: median(results.map(cpuPerRequest).filter(Number.isFinite)),
    ...(problems.length ? { note: problems.join(', ') } : {}),
  }
}

/** The first server's req/s over the second's in each round both completed, then the median over rounds. */
export function pairedRatio(reference, other) {
  if (!reference || !other) return Number.NaN
  const ratios = reference
    .map((mine, round) => [mine, other[round]])
    .filter(([mine, theirs]) => mine && theirs)
    .map(([mine, theirs]) => perSecond(mine) / perSecond(theirs))
  return median(ratios)
}

/** CPU seconds (user + system, every thread) a process has used, from /proc; undefined off Linux or once it is gone. */
export function processCpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100 // USER_HZ
  } catch {
    return undefined
  }
}

/**
 * Runs one autocannon round against a server process and notes the CPU time
 * the server spent in it (`serverCpuSeconds` on the result): per request,
 * it moves far less with background load than req/s does, which is what
 * the other processes on a shared machine leave to the server.
 */
export async function measuredRound(pid, run) {
  const before = processCpuSeconds(pid)
  const result = await run()
  const after = processCpuSeconds(pid)
  if (result && before !== undefined && after !== undefined) result.serverCpuSeconds = after - before
  return result
}

/** The server's CPU microseconds per completed request in a round (NaN when not measured). */
export function cpuPerRequest(result) {
  return result?.serverCpuSeconds === undefined || !result.totalCompletedRequests
    ? Number.NaN
    : (result.serverCpuSeconds * 1e6) / result.totalCompletedRequests
}

/** How many times less CPU per request the first server used than the second, round by round, then the median. */
export function pairedCpuRatio(reference, other) {
  if (!reference || !other) return Number.NaN
  const ratios = reference
    .map((mine, round) => cpuPerRequest(other[round]) / cpuPerRequest(mine))
    .filter(Number.isFinite)
  return ratios.length === 0 ? Number.NaN : median(ratios)
}
