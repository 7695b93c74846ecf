import type { ParseArgsConfig } from 'node:util'
import { OUTPUT_FORMATS } from '../../core/request-options.js'

type OptionSpec = NonNullable<ParseArgsConfig['options']>

/** `--all`, `-o`, … for a word that starts with `-`. */
export function optionNames(options: OptionSpec): string[] {
  return Object.keys(options).map((name) => `--${name}`)
}

/** The words that are not options or option values. */
export function positionalWords(words: readonly string[], options: OptionSpec): string[] {
  const positionals: string[] = []
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!
    if (!word.startsWith('-') || word === '-') {
      positionals.push(word)
      continue
    }
    const name = word.startsWith('--') ? word.slice(2) : shortName(word.slice(1), options)
    if (name !== undefined && options[name]?.type === 'string' && !word.includes('=')) index++
  }
  return positionals
}

/** Values for the option just typed (`-o ` → the output formats), or undefined when it takes none. */
export function optionValues(previous: string | undefined, options: OptionSpec): string[] | undefined {
  if (previous === undefined || !previous.startsWith('-')) return undefined
  const name = previous.startsWith('--') ? previous.slice(2) : shortName(previous.slice(1), options)
  if (name === undefined || options[name]?.type !== 'string') return undefined
  if (name === 'output') return [...OUTPUT_FORMATS]
  if (name === 'soap') return ['1.1', '1.2']
  if (name === 'accept') return ['json', 'xml']
  if (name === 'method') return ['POST', 'M-POST']
  return []
}

function shortName(short: string, options: OptionSpec): string | undefined {
  return Object.entries(options).find(([, spec]) => spec.short === short)?.[0]
}
