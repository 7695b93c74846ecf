import type { Option } from 'commander'
import { declaredOptions } from '../../options/parse-words.js'
import { SUGGESTED_VALUES } from '../../options/value-hints.js'
import { type LineOptions, lineOptions } from '../lines/line-options.js'

/** `--all`, `--no-lint`, … for a word that starts with `-`: every long flag a line takes. */
export function optionNames(options: LineOptions): string[] {
  return lineOptions(options).flatMap((option) => (option.long === undefined ? [] : [option.long]))
}

/** The words that are not options or option values. */
export function positionalWords(words: readonly string[], options: LineOptions): string[] {
  const declared = declaredOptions(options.define)
  const positionals: string[] = []
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!
    if (!word.startsWith('-') || word === '-') {
      positionals.push(word)
      continue
    }
    const option = findOption(word, declared)
    if (option !== undefined && takesValue(option) && !word.includes('=')) index++
  }
  return positionals
}

/** Values for the option just typed (`-o ` → the output formats), or undefined when it takes none. */
export function optionValues(previous: string | undefined, options: LineOptions): string[] | undefined {
  if (previous === undefined || !previous.startsWith('-')) return undefined
  const option = findOption(previous, lineOptions(options))
  if (option === undefined || !takesValue(option)) return undefined
  return [...(option.argChoices ?? SUGGESTED_VALUES[option.long ?? ''] ?? [])]
}

function findOption(word: string, options: readonly Option[]): Option | undefined {
  return options.find((option) => option.long === word || option.short === word)
}

function takesValue(option: Option): boolean {
  return option.required || option.optional
}
