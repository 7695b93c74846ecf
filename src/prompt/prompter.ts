/** One choice of a select or checkbox prompt. */
export interface PromptChoice<T> {
  name: string
  value: T
  description?: string
}

export interface InputPromptOptions {
  default?: string
  /** true when the text is acceptable, else the message to show. */
  validate?(text: string): true | string
}

/**
 * The seam between interactive commands (gql build, later the REPL) and the
 * terminal: inquirer behind it in the CLI, a scripted list of answers in tests.
 */
export interface Prompter {
  select<T>(message: string, choices: ReadonlyArray<PromptChoice<T>>): Promise<T>
  /** At least one choice must be picked when `required` is set. */
  checkbox<T>(
    message: string,
    choices: ReadonlyArray<PromptChoice<T>>,
    options?: { required?: boolean },
  ): Promise<T[]>
  input(message: string, options?: InputPromptOptions): Promise<string>
  confirm(message: string, defaultValue?: boolean): Promise<boolean>
}
