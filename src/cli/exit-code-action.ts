import type { Command } from 'commander'

/** The exit code each run's action returned, kept on the program it ran under (main reads it). */
const exitCodes = new WeakMap<Command, number>()

/**
 * A commander action that returns its exit code. commander ignores what an
 * action returns, so this keeps it on the root command, where `exitCodeOf`
 * reads it once parsing ends. commander passes the command last.
 */
export function returningExitCode<Args extends unknown[]>(
  action: (...args: Args) => Promise<number>,
): (...args: Args) => Promise<void> {
  return async (...args) => {
    const code = await action(...args)
    exitCodes.set(rootOf(args.at(-1) as Command), code)
  }
}

/** The exit code the action that ran under `program` returned (0 when none did). */
export function exitCodeOf(program: Command): number {
  return exitCodes.get(program) ?? 0
}

function rootOf(command: Command): Command {
  let root = command
  while (root.parent) root = root.parent
  return root
}
