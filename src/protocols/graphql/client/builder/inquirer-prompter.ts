import { checkbox, confirm, input, select } from '@inquirer/prompts'
import type { InputPromptOptions, PromptChoice, Prompter } from './prompter.js'

export interface PrompterStreams {
  input: NodeJS.ReadableStream
  output: NodeJS.WritableStream
}

/**
 * The Prompter over inquirer's prompts, on the given terminal streams. Each prompt is
 * imported on its own (not the `inquirer` umbrella, whose editor prompt alone bundles
 * ~550 KB of encoding tables every start-up would read).
 */
export function inquirerPrompter(streams: PrompterStreams): Prompter {
  const context = { input: streams.input, output: streams.output }
  return {
    select: <T>(message: string, choices: ReadonlyArray<PromptChoice<T>>) =>
      select<T>({ message, choices: choices.map(toChoice), pageSize: 15 }, context),
    checkbox: <T>(
      message: string,
      choices: ReadonlyArray<PromptChoice<T>>,
      options: { required?: boolean } = {},
    ) =>
      checkbox<T>(
        { message, choices: choices.map(toChoice), required: options.required ?? false, pageSize: 15 },
        context,
      ),
    input: (message: string, options: InputPromptOptions = {}) =>
      input(
        {
          message,
          ...(options.default === undefined ? {} : { default: options.default }),
          ...(options.validate ? { validate: (text: string) => options.validate!(text) } : {}),
        },
        context,
      ),
    confirm: (message: string, defaultValue = true) => confirm({ message, default: defaultValue }, context),
  }
}

function toChoice<T>(choice: PromptChoice<T>) {
  return choice.description === undefined
    ? { name: choice.name, value: choice.value }
    : { name: choice.name, value: choice.value, description: choice.description }
}
