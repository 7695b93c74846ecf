// Command-line options of `npm run bench` (node bench/run.mjs).

/** The usage text; `sections` is the registry of sections.mjs ({ key, name }). */
export function usage(sections) {
  const list = sections.map((section) => `${section.key} (${section.name})`).join(', ')
  return `usage: node bench/run.mjs [--quick] [--only LETTERS] [--rounds N] [--duration S]

  --quick        smoke run: fewer rounds, shorter throughput runs
  --only LIST    sections to run, comma separated: ${list}
  --rounds N     paired rounds for section A (section B runs a third of them)
  --duration S   seconds of load each server gets in section C (one-second
                 runs, interleaved), after its warm-up; and each run of F
  --help         this text`
}

/**
 * Parses argv into the plan of the run; throws an Error with a readable message on bad input.
 * keys: the letters of the sections there are.
 */
export function parseOptions(argv, keys) {
  const options = {
    quick: false,
    only: new Set(keys),
    rounds: undefined,
    duration: undefined,
    help: false,
  }
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]
    const [flag, inline] = argument.startsWith('--') ? splitInline(argument) : [argument, undefined]
    const value = () => {
      const next = inline ?? argv[++index]
      if (next === undefined) throw new Error(`${flag} needs a value`)
      return next
    }
    if (flag === '--quick') options.quick = true
    else if (flag === '--help' || flag === '-h') options.help = true
    else if (flag === '--only') options.only = parseSections(value(), keys)
    else if (flag === '--rounds') options.rounds = positiveInteger(flag, value())
    else if (flag === '--duration') options.duration = positiveInteger(flag, value())
    else throw new Error(`unknown option ${argument}`)
  }
  const rounds = options.rounds ?? (options.quick ? 6 : 30)
  return {
    help: options.help,
    quick: options.quick,
    sections: options.only,
    rounds: options.rounds,
    duration: options.duration,
    commands: { warmups: options.quick ? 1 : 5, rounds },
    embedded: { warmups: options.quick ? 1 : 2, rounds: Math.max(3, Math.round(rounds / 3)) },
    throughput: {
      warmupSeconds: options.quick ? 0.5 : 1,
      durationSeconds: options.duration ?? (options.quick ? 2 : 10),
      connections: 50,
    },
  }
}

function splitInline(argument) {
  const equals = argument.indexOf('=')
  return equals === -1 ? [argument, undefined] : [argument.slice(0, equals), argument.slice(equals + 1)]
}

function parseSections(text, keys) {
  const sections = new Set(
    text
      .split(',')
      .map((part) => part.trim().toUpperCase())
      .filter(Boolean),
  )
  const expected = keys.join(', ')
  for (const section of sections) {
    if (!keys.includes(section)) throw new Error(`--only: unknown section ${section} (expected ${expected})`)
  }
  if (sections.size === 0) throw new Error(`--only needs at least one of ${expected}`)
  return sections
}

function positiveInteger(flag, text) {
  const number = Number(text)
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`${flag} expects a positive whole number, got ${text}`)
  return number
}
