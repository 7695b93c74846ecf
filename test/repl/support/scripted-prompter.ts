import type { InputPromptOptions, PromptChoice, Prompter } from '../../../src/prompt/prompter.js'

export type Answer = string | string[] | boolean | Error

/**
 * A Prompter answering from a script: a select or checkbox picks choices by
 * name (or the start of one), an input types the text, a confirm says yes or
 * no, an Error is thrown (Ctrl-C in a prompt). It records what was asked.
 */
export function scriptedPrompter(script: Answer[]) {
  const asked: string[] = []
  const next = (message: string) => {
    asked.push(message)
    if (script.length === 0) throw new Error(`the script ran out at "${message}"`)
    const answer = script.shift()!
    if (answer instanceof Error) throw answer
    return answer
  }
  const pick = <T>(choices: ReadonlyArray<PromptChoice<T>>, name: string): T => {
    const found =
      choices.find(
        (choice) =>
          choice.name === name ||
          (/^[(: ]/.test(choice.name.slice(name.length)) && choice.name.startsWith(name)),
      ) ?? choices.find((choice) => choice.name.startsWith(name))
    if (found === undefined)
      throw new Error(`no choice "${name}" in ${choices.map((choice) => choice.name).join(' | ')}`)
    return found.value
  }
  const prompter: Prompter = {
    select: async (message, choices) => pick(choices, next(message) as string),
    checkbox: async (message, choices) => (next(message) as string[]).map((name) => pick(choices, name)),
    input: async (message, options: InputPromptOptions = {}) => {
      const text = next(message) as string
      const verdict = options.validate?.(text) ?? true
      if (verdict !== true) throw new Error(`the prompt refused "${text}": ${verdict}`)
      return text
    },
    confirm: async (message) => next(message) as boolean,
  }
  return { prompter, asked, left: () => script.length }
}

/** What inquirer throws when Ctrl-C is pressed in a prompt. */
export function promptCancelled(): Error {
  return Object.assign(new Error('User force closed the prompt with SIGINT'), { name: 'ExitPromptError' })
}
