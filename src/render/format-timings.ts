import { createTheme } from './theme.js'

export interface TimingParts {
  dns?: number
  connect?: number
  tls?: number
  firstByte?: number
  total: number
}

const phases: [keyof TimingParts, string][] = [
  ['dns', 'dns'],
  ['connect', 'connect'],
  ['tls', 'tls'],
  ['firstByte', 'first byte'],
  ['total', 'total'],
]

function duration(milliseconds: number): string {
  return milliseconds < 1000 ? `${milliseconds.toFixed(1)} ms` : `${(milliseconds / 1000).toFixed(2)} s`
}

/** `dns 0.4 ms · connect 1.1 ms · first byte 12.3 ms · total 13.0 ms`; missing phases are left out. */
export function formatTimings(timings: TimingParts, options: { colour: boolean }): string {
  const theme = createTheme(options.colour)
  return phases
    .filter(([key]) => {
      const value = timings[key]
      return value !== undefined && Number.isFinite(value) && value >= 0
    })
    .map(([key, label]) => `${theme.dim(label)} ${theme.bold(duration(timings[key]!))}`)
    .join(theme.dim(' · '))
}
