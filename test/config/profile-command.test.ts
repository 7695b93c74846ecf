import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import {
  runProfileAdd,
  runProfileList,
  runProfileRemove,
  runProfileShow,
  runProfileUse,
} from '../../src/cli/commands/profile.js'
import { BufferSink, type Context } from '../../src/core/context.js'
import { ConfigError, UsageError } from '../../src/core/errors.js'
import { useTempDirs } from './temp-dir.js'

const tempDir = useTempDirs()

interface TestContext extends Context {
  stdout: BufferSink
  stderr: BufferSink
}

async function context(env: Record<string, string> = {}): Promise<TestContext> {
  const dir = await tempDir()
  return {
    stdout: new BufferSink(),
    stderr: new BufferSink(),
    stdin: Readable.from([]),
    env: { APICTL_CONFIG_DIR: join(dir, 'config'), ...env },
    cwd: dir,
  }
}

/** The same config dir, fresh sinks. */
function again(ctx: TestContext, env: Record<string, string> = {}): TestContext {
  return { ...ctx, stdout: new BufferSink(), stderr: new BufferSink(), env: { ...ctx.env, ...env } }
}

async function storedConfig(ctx: Context): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(ctx.env.APICTL_CONFIG_DIR!, 'config.json'), 'utf8'))
}

describe('apictl profile', () => {
  it('lists only the built-in local profile, active, on a fresh machine', async () => {
    const ctx = await context()
    expect(await runProfileList(ctx)).toBe(0)
    expect(ctx.stdout.text()).toBe('* local (built-in)\n')
  })

  it('adds, lists, uses and removes a profile', async () => {
    const ctx = await context()
    const options = {
      rest: 'https://staging.example.com/api',
      graphql: 'https://staging.example.com/graphql',
    }
    expect(await runProfileAdd('staging', options, ctx)).toBe(0)
    expect(ctx.stderr.text()).toContain('Added profile "staging"')
    expect(ctx.stdout.text()).toBe('')
    if (process.platform !== 'win32') {
      expect((await stat(join(ctx.env.APICTL_CONFIG_DIR!, 'config.json'))).mode & 0o777).toBe(0o600)
    }

    const list = again(ctx)
    await runProfileList(list)
    expect(list.stdout.text()).toBe('* local (built-in)\n  staging\n')

    const use = again(ctx)
    expect(await runProfileUse('staging', use)).toBe(0)
    expect(use.stderr.text()).toContain('Now using profile "staging"')
    const listAfterUse = again(ctx)
    await runProfileList(listAfterUse)
    expect(listAfterUse.stdout.text()).toBe('  local (built-in)\n* staging\n')

    const remove = again(ctx)
    expect(await runProfileRemove('staging', remove)).toBe(0)
    expect(remove.stderr.text()).toMatch(/Removed profile "staging".*\n.*default is now "local"/)
    expect(await storedConfig(ctx)).toEqual({ version: 1, profiles: {} })
  })

  it('marks the profile APICTL_PROFILE selects', async () => {
    const ctx = await context()
    await runProfileAdd('a', { rest: 'http://a.test' }, ctx)
    await runProfileAdd('b', { rest: 'http://b.test' }, ctx)
    await runProfileUse('a', ctx)
    const list = again(ctx, { APICTL_PROFILE: 'b' })
    await runProfileList(list)
    expect(list.stdout.text()).toBe('  local (built-in)\n  a\n* b\n')
  })

  it('merges into an existing profile and says so', async () => {
    const ctx = await context()
    await runProfileAdd(
      'dev',
      { rest: 'http://127.0.0.1:8080', header: ['X-Team: core', 'X-Trace: on'] },
      ctx,
    )
    const update = again(ctx)
    await runProfileAdd(
      'dev',
      { soap: 'http://127.0.0.1:8080/soap', header: ['x-trace:'], timeout: 9 },
      update,
    )
    expect(update.stderr.text()).toMatch(
      /Profile "dev" already existed: updated soap, headers.x-trace, timeout/,
    )
    expect(await storedConfig(ctx)).toEqual({
      version: 1,
      profiles: {
        dev: {
          rest: 'http://127.0.0.1:8080',
          soap: 'http://127.0.0.1:8080/soap',
          headers: { 'X-Team': 'core' },
          timeout: 9,
        },
      },
    })
  })

  it(`stores \${env:NAME} literally and shows it, but redacts literal secrets`, async () => {
    const ctx = await context({ API_KEY: 'must-not-appear' })
    await runProfileAdd(
      'secure',
      {
        rest: `https://\${env:API_HOST}/v1`,
        header: [`X-Api-Key: \${env:API_KEY}`, 'Cookie: id=abc'],
        token: 'tok-123',
      },
      ctx,
    )
    expect(ctx.stderr.text()).toMatch(/Note: the token is stored in clear/)
    const stored = await storedConfig(ctx)
    expect(JSON.stringify(stored)).toContain(`\${env:API_KEY}`)
    expect(JSON.stringify(stored)).not.toContain('must-not-appear')

    const show = again(ctx)
    expect(await runProfileShow('secure', { output: 'json' }, show)).toBe(0)
    expect(JSON.parse(show.stdout.text())).toEqual({
      name: 'secure',
      builtin: false,
      active: false,
      profile: {
        rest: `https://\${env:API_HOST}/v1`,
        headers: { 'X-Api-Key': `\${env:API_KEY}`, Cookie: '****' },
        auth: { token: '****' },
      },
    })
    expect(show.stdout.text()).not.toContain('tok-123')
  })

  it('redacts passwords and client secrets in the pretty view', async () => {
    const ctx = await context()
    await runProfileAdd(
      'basic',
      { rest: 'http://b.test', user: 'alice:hunter2', timeout: 3, insecure: true },
      ctx,
    )
    await runProfileAdd(
      'oauth',
      {
        rest: 'http://o.test',
        oauth2: 'https://auth.test/token',
        clientId: 'app',
        clientSecret: 'shh',
        scope: 'read',
      },
      ctx,
    )
    const basic = again(ctx)
    await runProfileShow('basic', { output: 'pretty' }, basic)
    expect(basic.stdout.text()).toBe(
      [
        'basic',
        '  rest:      http://b.test',
        '  auth:      basic alice:****',
        '  timeout:   3 s',
        '  insecure:  yes (TLS certificates are not verified)',
        '',
      ].join('\n'),
    )
    const oauth = again(ctx)
    await runProfileShow('oauth', { output: 'pretty' }, oauth)
    expect(oauth.stdout.text()).toContain('client id app, secret ****, scope read')
    expect(oauth.stdout.text()).not.toContain('shh')
  })

  it('shows the built-in profile, and the active one when no name is given', async () => {
    const ctx = await context()
    await runProfileShow(undefined, { output: 'json' }, ctx)
    expect(JSON.parse(ctx.stdout.text())).toEqual({ name: 'local', builtin: true, active: true, profile: {} })
  })

  it('refuses to add or remove the built-in local profile', async () => {
    const ctx = await context()
    await expect(runProfileRemove('local', ctx)).rejects.toThrow(ConfigError)
    await expect(runProfileAdd('local', { rest: 'http://x.test' }, ctx)).rejects.toThrow(/built-in profile/)
    await runProfileList(ctx)
    expect(ctx.stdout.text()).toBe('* local (built-in)\n')
  })

  it('refuses unknown profiles with a suggestion', async () => {
    const ctx = await context()
    await runProfileAdd('staging', { rest: 'http://s.test' }, ctx)
    await expect(runProfileUse('stagng', ctx)).rejects.toThrow('Did you mean "staging"?')
    const removing = runProfileRemove('prod', ctx)
    await expect(removing).rejects.toThrow('Unknown profile "prod"')
    await expect(removing).rejects.toMatchObject({
      hint: 'Known profiles: local (built-in), staging (nothing to remove)',
    })
    await expect(runProfileShow('prod', {}, ctx)).rejects.toThrow(ConfigError)
  })

  it('rejects bad URLs and headers before writing anything', async () => {
    const ctx = await context()
    await expect(runProfileAdd('x', { rest: 'ftp://files.test' }, ctx)).rejects.toThrow(UsageError)
    await expect(runProfileAdd('x', { graphql: 'localhost:4000' }, ctx)).rejects.toThrow(/http or https URL/)
    await expect(runProfileAdd('x', { header: ['NoColon'] }, ctx)).rejects.toThrow(/expected 'Name: value'/)
    await expect(runProfileAdd('bad name', {}, ctx)).rejects.toThrow(/Invalid profile name/)
    await expect(readFile(join(ctx.env.APICTL_CONFIG_DIR!, 'config.json'))).rejects.toThrow(/ENOENT/)
  })

  it('leaves a corrupt config alone', async () => {
    const ctx = await context()
    await runProfileAdd('a', { rest: 'http://a.test' }, ctx)
    const file = join(ctx.env.APICTL_CONFIG_DIR!, 'config.json')
    await writeFile(file, '{ "version": 1, "profiles": ')
    await expect(runProfileAdd('b', { rest: 'http://b.test' }, again(ctx))).rejects.toThrow(/not valid JSON/)
    expect(await readFile(file, 'utf8')).toBe('{ "version": 1, "profiles": ')
  })

  it('warns when the selected profile does not exist', async () => {
    const ctx = await context({ APICTL_PROFILE: 'gone' })
    await runProfileList(ctx)
    expect(ctx.stdout.text()).toBe('  local (built-in)\n')
    expect(ctx.stderr.text()).toBe('Warning: APICTL_PROFILE names profile "gone", which does not exist.\n')
  })

  it('warns when APICTL_PROFILE overrides the profile chosen with use', async () => {
    const ctx = await context({ APICTL_PROFILE: 'other' })
    await runProfileAdd('a', { rest: 'http://a.test' }, ctx)
    await runProfileUse('a', ctx)
    expect(ctx.stderr.text()).toContain('APICTL_PROFILE=other is set and takes precedence')
  })
})
