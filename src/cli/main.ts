import { CommanderError } from 'commander'
import { type Context, processContext } from '../core/context.js'
import { exitCodeOfError } from '../core/errors.js'
import { ExitCode } from '../core/exit-codes.js'
import { reportError } from '../render/report-error.js'
import { exitCodeOf } from './exit-code-action.js'
import { hoistGlobalOptions } from './hoist-global-options.js'
import { buildProgram } from './program.js'

/**
 * The CLI's one error boundary: runs a command and turns whatever it throws
 * into a message on stderr and an exit code. Nothing deeper exits the process.
 */
export async function main(argv: string[], ctx: Context = processContext()): Promise<number> {
  const program = buildProgram(ctx)
  try {
    await program.parseAsync(hoistGlobalOptions(argv, program), { from: 'user' })
    return exitCodeOf(program)
  } catch (error) {
    if (error instanceof CommanderError) return commanderExit(error)
    // --no-color holds for the error too (reportError reads NO_COLOR and the terminal).
    const plain = argv.includes('--no-color') ? { ...ctx, env: { ...ctx.env, NO_COLOR: '1' } } : ctx
    reportError(error, plain)
    return exitCodeOfError(error)
  }
}

function commanderExit(error: CommanderError): number {
  if (error.exitCode === 0) return ExitCode.Ok
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.Ok
  // commander already printed its message (with did-you-mean) to stderr.
  return ExitCode.Usage
}
