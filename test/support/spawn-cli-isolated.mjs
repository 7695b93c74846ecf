// Runs the CLI as a user would, with its config, cache and data dirs in `home`
// and nothing else from the environment but PATH: what the golden capture
// scripts record (test/render/golden/capture.mjs, test/cli/answers/capture.mjs).
import { spawn } from 'node:child_process'
import { join } from 'node:path'

/** A function that runs `cli` with `args`, resolving to its exit code and what it wrote. */
export function isolatedCli(cli, home) {
  return (args, extraEnv) => {
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      APICTL_CONFIG_DIR: join(home, 'config'),
      APICTL_CACHE_DIR: join(home, 'cache'),
      APICTL_DATA_DIR: join(home, 'data'),
      ...extraEnv,
    }
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
      const out = []
      const err = []
      child.stdout.on('data', (chunk) => out.push(chunk))
      child.stderr.on('data', (chunk) => err.push(chunk))
      child.on('error', reject)
      child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err) }))
    })
  }
}
