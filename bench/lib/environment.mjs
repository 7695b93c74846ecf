// What the bench needs to know about this machine and checkout.
import { existsSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, release, tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const APICTL_BIN = join(ROOT, 'bin', 'apictl.js')
export const BARE_REQUEST = join(ROOT, 'bench', 'lib', 'bare-request.mjs')
export const SERVER_SCRIPTS = {
  reference: join(ROOT, 'bench', 'lib', 'servers', 'reference-server.mjs'),
  bare: join(ROOT, 'bench', 'lib', 'servers', 'bare-server.mjs'),
  jsonServer: join(ROOT, 'bench', 'lib', 'servers', 'json-server.mjs'),
}

/** Full path of an executable on PATH, or undefined. */
export function findExecutable(name) {
  for (const directory of (process.env.PATH ?? '').split(delimiter)) {
    if (!directory) continue
    const candidate = join(directory, name)
    try {
      if (statSync(candidate).isFile()) return candidate
    } catch {}
  }
  return undefined
}

/** Why the CLI cannot run yet (no build), or undefined when dist/ is there. */
export function cliUnavailable() {
  return existsSync(join(ROOT, 'dist', 'cli', 'main.js'))
    ? undefined
    : 'dist/cli/main.js missing (npm run build)'
}

/** The environment apictl runs with: no inherited profile or debug switches, this config dir. */
export function apictlEnv(configDir) {
  const env = { ...process.env, APICTL_CONFIG_DIR: configDir, NO_COLOR: '1' }
  delete env.APICTL_PROFILE
  delete env.APICTL_DEBUG
  return env
}

export async function makeTempDir(prefix) {
  return mkdtemp(join(tmpdir(), prefix))
}

export async function removeDir(path) {
  await rm(path, { recursive: true, force: true })
}

export function machine() {
  const processors = cpus()
  return {
    node: process.version,
    platform: `${process.platform} ${release()} ${process.arch}`,
    cpu: `${processors[0]?.model?.trim() ?? 'unknown'} × ${processors.length}`,
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
  }
}
