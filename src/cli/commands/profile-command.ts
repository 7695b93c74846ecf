import type { Command } from 'commander'
import type { Context } from '../../core/context.js'
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
  profile
    .command('show <name>')
    .description('show one profile (secrets redacted)')
    .option('-o, --output <format>', 'pretty or json', 'pretty')
    .action(
      returningExitCode(async (name: string, options: { output?: 'json' | 'pretty' }) => {
        const { runProfileShow } = await import('./profile.js')
        return await runProfileShow(name, options, ctx)
      }),
    )
  profile
    .command('add <name>')
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal syntax users type
    .description('add or update a profile; values may reference ${env:NAME}')
    .option('--rest <url>', 'REST base URL')
    .option('--graphql <url>', 'GraphQL endpoint')
    .option('--soap <url>', 'SOAP endpoint')
    .option('--wsdl <url>', 'WSDL URL or file')
    .option(
      '-H, --header <header>',
      "default header 'Name: value' (repeatable)",
      (v: string, p?: string[]) => [...(p ?? []), v],
    )
    .option('--user <user:pass>', 'HTTP Basic credentials')
    .option('--token <token>', 'Bearer token')
    .option('--oauth2 <token-url>', 'OAuth 2.0 token endpoint (client credentials)')
    .option('--client-id <id>', 'OAuth 2.0 client id')
    .option('--client-secret <secret>', 'OAuth 2.0 client secret')
    .option('--scope <scope>', 'OAuth 2.0 scope')
    .option('--timeout <seconds>', 'default time limit', Number)
    .option('--insecure', 'skip TLS verification for this profile')
    .action(
      returningExitCode(async (name: string, options: Record<string, unknown>) => {
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
