/** Values Tab offers for an option whose value is free (an option's `choices` come from its declaration). */
export const SUGGESTED_VALUES: Readonly<Record<string, readonly string[]>> = {
  '--accept': ['json', 'xml'],
  // HTTPie's letters: the usual sets (any mix of HBhbm is accepted).
  '--print': ['hb', 'h', 'b', 'Hh', 'HBhb', 'HBhbm', 'hbm'],
}

/** Options whose value is a file: shells complete file names after them. */
export const FILE_OPTIONS: ReadonlySet<string> = new Set([
  '--data',
  '--file',
  '-f',
  '--schema',
  '--wsdl',
  '--cacert',
  '--cert',
  '--key',
])
