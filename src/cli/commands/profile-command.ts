import type { Command } from 'commander'
import type { ProfileAddOptions } from '../../config/profile-options.js'
import type { Context } from '../../core/context.js'
import {
  addProfileAddOptions,
  addProfileShowOptions,
  type ProfileShowOptionValues,
} from '../../options/profile-command-options.js'
import { returningExitCode } from '../exit-code-action.js'

export function registerProfileCommand(program: Command, ctx: Context): void {
  const profile = program
    .command('profile')
    .description('manage profiles: named targets (REST, GraphQL, SOAP URLs), headers and auth')
    .addHelpText(
      'after',
      `
Examples:
  $ apictl profile add staging --rest https://staging.example.com --token '\${env:STAGING_TOKEN}'
  $ apictl profile use staging
  $ apictl profile list
  $ apictl profile reset local       put the built-in profile's store back to the seed`,
    )
  profile
    .command('list')
    .description('list profiles; * marks the active one')
    .action(
      returningExitCode(async () => {
        const { runProfileList } = await import('./profile.js')
        return await runProfileList(ctx)
      }),
    )
  addProfileShowOptions(
    profile.command('show <name>').description('show one profile (secrets redacted)'),
  ).action(
    returningExitCode(async (name: string, options: ProfileShowOptionValues) => {
      const { runProfileShow } = await import('./profile.js')
      return await runProfileShow(name, options, ctx)
    }),
  )
  addProfileAddOptions(
    profile
      .command('add <name>')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal syntax users type
      .description('add or update a profile; values may reference ${env:NAME}'),
  ).action(
    returningExitCode(async (name: string, options: ProfileAddOptions) => {
      const { runProfileAdd } = await import('./profile.js')
      return await runProfileAdd(name, options, ctx)
    }),
  )
  profile
    .command('use <name>')
    .description('make a profile the active one')
    .action(
      returningExitCode(async (name: string) => {
        const { runProfileUse } = await import('./profile.js')
        return await runProfileUse(name, ctx)
      }),
    )
  profile
    .command('remove <name>')
    .description('remove a profile')
    .action(
      returningExitCode(async (name: string) => {
        const { runProfileRemove } = await import('./profile.js')
        return await runProfileRemove(name, ctx)
      }),
    )
  profile
    .command('reset <name>')
    .description("put the built-in local profile's store back to the seed (its items last across commands)")
    .action(
      returningExitCode(async (name: string) => {
        const { runProfileReset } = await import('./profile.js')
        return await runProfileReset(name, ctx)
      }),
    )
}
