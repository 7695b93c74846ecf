import { join } from 'node:path'
import { Readable } from 'node:stream'
import { BufferSink, type Context } from '../../../src/core/context.js'
import type { Prompter } from '../../../src/prompt/prompter.js'
import { Dispatcher } from '../../../src/repl/dispatch.js'
import { replCommands } from '../../../src/repl/registry.js'
import { ReplSession } from '../../../src/repl/session.js'
import { tempDir } from '../../support/temp-dir.js'

export interface TestSession {
  session: ReplSession
  dispatcher: Dispatcher
  ctx: Context & { stdout: BufferSink; stderr: BufferSink }
  close(): Promise<void>
}

/** A test context: captured output, no terminal, its own config and cache dirs. */
export async function testContext(
  env: Record<string, string | undefined> = {},
): Promise<Context & { stdout: BufferSink; stderr: BufferSink }> {
  const home = tempDir('apictl-repl-test-')
  return {
    stdout: new BufferSink(),
    stderr: new BufferSink(),
    stdin: Readable.from([]),
    env: {
      HOME: home,
      APICTL_CONFIG_DIR: join(home, 'config'),
      APICTL_CACHE_DIR: join(home, 'cache'),
      APICTL_DATA_DIR: join(home, 'data'),
      NO_COLOR: '1',
      ...env,
    },
    cwd: home,
  }
}

/** A REPL session in this process against the embedded reference server (profile local). */
export async function openTestSession(
  options: { profileName?: string; prompter?: Prompter; env?: Record<string, string | undefined> } = {},
): Promise<TestSession> {
  const ctx = await testContext(options.env)
  const dispatcher = new Dispatcher(replCommands)
  const session = await ReplSession.open(
    { profileName: options.profileName, terminal: false, prompter: options.prompter },
    ctx,
  )
  return { session, dispatcher, ctx, close: () => session.close() }
}
