import type { Context } from '../core/context.js'
import { UsageError } from '../core/errors.js'
import { signature } from '../protocols/soap/client/check-parameters.js'
import { valueProblem } from '../protocols/soap/client/check-value.js'
import type { LoadedService } from '../protocols/soap/client/load-service.js'
import type { ParameterNode } from '../protocols/soap/client/parameter-tree.js'
import { defaultVersion } from '../protocols/soap/client/plan-soap-call.js'
import {
  boundOperation,
  isRepeated,
  type ParameterDescription,
} from '../protocols/soap/client/service-description.js'
import type { SoapVersionId } from '../protocols/soap/soap-version.js'
import type { Prompter } from './prompter.js'

/** What a typed value must look like, for the prompt's validation: the same check as `soap call`'s. */
function validator(parameter: ParameterDescription, required: boolean) {
  return (text: string): true | string => {
    if (text === '') return required ? `${parameter.name} is required.` : true
    const problem = valueProblem(parameter, text)
    return problem === undefined ? true : `Enter ${problem}.`
  }
}

async function promptValue(
  prompter: Prompter,
  parameter: ParameterDescription,
  label: string,
  required: boolean,
): Promise<string | undefined> {
  const choices = parameter.enumeration ?? (parameter.base === 'boolean' ? ['true', 'false'] : undefined)
  if (choices !== undefined) {
    const options = choices.map((choice) => ({ name: choice, value: choice }))
    const skip = required ? [] : [{ name: '(leave out)', value: '' }]
    const picked = await prompter.select(label, [...skip, ...options])
    return picked === '' ? undefined : picked
  }
  const hint = required ? '' : ', empty to leave out'
  const text = await prompter.input(`${label} (${parameter.type}${hint})`, {
    validate: validator(parameter, required),
  })
  return text === '' ? undefined : text
}

/** Asks for the parameters of one level, in schema order; a repeated one is asked again until left empty. */
async function promptLevel(
  prompter: Prompter,
  parameters: readonly ParameterDescription[],
  path: string,
): Promise<ParameterNode[]> {
  const nodes: ParameterNode[] = []
  for (const parameter of parameters) {
    const label = `${path}${parameter.name}`
    for (let index = 0; ; index++) {
      const required = index < parameter.minOccurs
      const numbered = isRepeated(parameter) ? `${label} #${index + 1}` : label
      if (parameter.children !== undefined) {
        const wanted = required || (await prompter.confirm(`Add ${numbered}?`, false))
        if (!wanted) break
        nodes.push({
          name: parameter.name,
          value: await promptLevel(prompter, parameter.children, `${numbered}.`),
        })
      } else {
        const value = await promptValue(prompter, parameter, numbered, required)
        if (value === undefined) break
        nodes.push({ name: parameter.name, value })
      }
      if (!isRepeated(parameter) || (parameter.maxOccurs !== 'unbounded' && index + 1 >= parameter.maxOccurs))
        break
    }
  }
  return nodes
}

/**
 * `apictl soap call` without an operation: pick one of the WSDL's
 * operations, then fill in its parameters (typed prompts on stderr), for
 * the version given (--soap) or the operation's own. Undefined when cancelled (Ctrl-C).
 */
export async function promptSoapCall(
  loaded: LoadedService | undefined,
  version: SoapVersionId | undefined,
  ctx: Context,
  scripted?: Prompter,
): Promise<{ operation: string; parameters: ParameterNode[] } | undefined> {
  if (loaded === undefined || loaded.service.operations.length === 0) {
    throw new UsageError(
      'soap call without an operation picks one from the WSDL, and there is none to pick from.',
      {
        hint: 'Give --wsdl URL|FILE, or name the operation and its namespace: apictl soap call Op a=1 --ns URI.',
      },
    )
  }
  const prompter = scripted ?? (await terminalPrompter(ctx))
  const { service } = loaded
  try {
    const operation = await prompter.select(
      'Operation',
      service.operations.map((item) => {
        const bound = boundOperation(item, version ?? defaultVersion(service, item))!
        return { name: item.name, value: item, description: bound.input.parameters.map(signature).join(', ') }
      }),
    )
    const bound = boundOperation(operation, version ?? defaultVersion(service, operation))!
    const parameters = await promptLevel(prompter, bound.input.parameters, '')
    return {
      operation: operation.name,
      parameters: [...parameters, ...(await promptHeaders(prompter, bound.input.headers))],
    }
  } catch (error) {
    if ((error as Error).name !== 'ExitPromptError') throw error
    ctx.stderr.write('soap call: cancelled.\n')
    return undefined
  }
}

/**
 * Header parts (`soap:header`) are optional, as in zeep: one question whether to fill them,
 * then each one's fields like the body's.
 */
async function promptHeaders(
  prompter: Prompter,
  headers: readonly ParameterDescription[] | undefined,
): Promise<ParameterNode[]> {
  if (headers === undefined || headers.length === 0) return []
  const names = headers.map((header) => header.name).join(', ')
  if (!(await prompter.confirm(`Fill the SOAP header entries (${names})?`, false))) return []
  return promptLevel(prompter, headers, '')
}

async function terminalPrompter(ctx: Context): Promise<Prompter> {
  const { inquirerPrompter } = await import('./inquirer-prompter.js')
  return inquirerPrompter({ input: ctx.stdin, output: ctx.stderr as unknown as NodeJS.WritableStream })
}
