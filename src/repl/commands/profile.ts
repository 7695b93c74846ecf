import { loadConfig } from '../../config/config-store.js'
import { didYouMean } from '../../config/did-you-mean.js'
import { configFile } from '../../config/paths.js'
import { profileNames } from '../../config/resolve-profile.js'
import { UsageError } from '../../core/errors.js'
import type { ReplCommand } from '../command.js'

/** `.profile staging`: talk to another profile's target from now on; `.profile` lists them. */
export const profileCommand: ReplCommand = {
  name: '.profile',
  synopsis: '.profile NAME',
  summary: 'switch profile (.profile alone lists them)',
  help: `Profiles are made with apictl profile add NAME --rest URL --graphql URL --soap URL --wsdl URL.
Headers and credentials set with .header and .auth are dropped on a switch (they were meant for the
previous target); variables and the last result stay, so {{…}} can carry values across.
Naming the current profile changes nothing. Switching back to local starts a new built-in server,
whose store starts again from the seed.`,
  group: 'session',
  validate(input) {
    if (input.words.length > 1) throw new UsageError('.profile takes one NAME.')
  },
  async run(input, session, ctx) {
    const [name] = input.words
    if (name === undefined) {
      const names = profileNames(await loadConfig(configFile(ctx.env)))
      for (const each of names) {
        const mark = each === session.profileName ? '*' : ' '
        ctx.stdout.write(`${mark} ${each}${each === 'local' ? '  (built-in reference server)' : ''}\n`)
      }
      return 0
    }
    const known = profileNames(await loadConfig(configFile(ctx.env)))
    if (!known.includes(name)) {
      throw new UsageError(`There is no profile '${name}'.${didYouMean(name, known)}`, {
        hint: `Profiles: ${known.join(', ')}; add one with apictl profile add ${name} --rest URL`,
      })
    }
    if (name === session.profileName) {
      const kept = session.target.builtin ? ' (the built-in server and its data stay)' : ''
      ctx.stderr.write(`already on profile ${name}: nothing changed${kept}.\n`)
      return 0
    }
    const { dropped, newStore } = await session.switchProfile(name)
    const { target } = session
    if (target.builtin) {
      ctx.stderr.write(`profile ${name}: the built-in reference server at ${target.rest}\n`)
      if (newStore) {
        ctx.stderr.write(
          'note: this is a new built-in server; its store starts from the seed, without what this session wrote before.\n',
        )
      }
    } else {
      const urls = [
        ['rest', target.rest],
        ['graphql', target.graphql],
        ['soap', target.soap],
        ['wsdl', target.wsdl],
      ]
        .filter(([, url]) => url !== undefined)
        .map(([kind, url]) => `${kind} ${url}`)
      ctx.stderr.write(`profile ${name}: ${urls.join(', ') || 'no URLs'}\n`)
    }
    if (dropped.length > 0) {
      ctx.stderr.write(
        `note: what ${dropped.join(' and ')} set was for the previous profile, and is dropped.\n`,
      )
    }
    return 0
  },
  async complete(request, session) {
    if (request.words.length > 0) return []
    return profileNames(await loadConfig(configFile(session.ctx.env)))
  },
}
