import inquirer from 'inquirer'
import type { InputPromptOptions, PromptChoice, Prompter } from './prompter.js'

export interface PrompterStreams {
  input: NodeJS.ReadableStream
  output: NodeJS.WritableStream
}

/** The Prompter over inquirer, on the given terminal streams. */
export function inquirerPrompter(streams: PrompterStreams): Prompter {
  const prompt = inquirer.createPromptModule({
    input: streams.input as NodeJS.ReadStream,
    output: streams.output as NodeJS.WriteStream,
  })
  // inquirer's question types are a wide union keyed by `type`; one loose call site keeps the rest typed.
  const ask = async <T>(question: Record<string, unknown>): Promise<T> => {
    const answers = (await prompt([{ ...question, name: 'answer' } as never])) as { answer: T }
    return answers.answer
  }
  return {
    select: <T>(message: string, choices: ReadonlyArray<PromptChoice<T>>) =>
      ask<T>({ type: 'select', message, choices: choices.map(toChoice), pageSize: 15 }),
    checkbox: <T>(
      message: string,
      choices: ReadonlyArray<PromptChoice<T>>,
      options: { required?: boolean } = {},
    ) =>
      ask<T[]>({
        type: 'checkbox',
        message,
        choices: choices.map(toChoice),
        required: options.required ?? false,
        pageSize: 15,
      }),
    input: (message: string, options: InputPromptOptions = {}) =>
      ask<string>({
        type: 'input',
        message,
        default: options.default,
        validate: options.validate ? (text: string) => options.validate!(text) : undefined,
      }),
    confirm: (message: string, defaultValue = true) =>
      ask<boolean>({ type: 'confirm', message, default: defaultValue }),
  }
}

function toChoice<T>(choice: PromptChoice<T>) {
  return choice.description === undefined
    ? { name: choice.name, value: choice.value }
    : { name: choice.name, value: choice.value, description: choice.description }
}
