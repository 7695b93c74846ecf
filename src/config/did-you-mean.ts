/** The candidates close to `input` (edit distance at most a third of its length, at least 1), best first. */
export function closestMatches(input: string, candidates: readonly string[]): string[] {
  const limit = Math.max(1, Math.floor(input.length / 3))
  return candidates
    .map((candidate) => ({ candidate, distance: editDistance(input.toLowerCase(), candidate.toLowerCase()) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .map(({ candidate }) => candidate)
}

/** ` Did you mean "x"?` or '' (graphql-js jsutils/didYouMean). */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const [best] = closestMatches(input, candidates)
  return best === undefined ? '' : ` Did you mean "${best}"?`
}

/** Levenshtein distance. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution)
    }
    previous = current
  }
  return previous[b.length]!
}
