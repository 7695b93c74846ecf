// What the bench needs to know about this machine and checkout.
import { existsSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, release, tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
/**
 * Where the apictl under test is read from (bin/, dist/, fixtures/): the checkout, or the
 * snapshot of its build that run.mjs takes (build-snapshot.mjs) so that a rebuild while
 * the bench runs cannot touch it. Live bindings: read them when needed, not at import.
 */
export let BUILD_ROOT = ROOT
export let APICTL_BIN = join(ROOT, 'bin', 'apictl.cjs')
/** The library entry (startServer), for servers/reference-server.mjs. */
export let APICTL_LIBRARY = join(ROOT, 'dist', 'index.js')

/** Points every later apictl run at the build under `root` (a directory laid out like the checkout). */
export function useBuildRoot(root) {
  BUILD_ROOT = root
  APICTL_BIN = join(root, 'bin', 'apictl.cjs')
  APICTL_LIBRARY = join(root, 'dist', 'index.js')
}
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
  return existsSync(join(BUILD_ROOT, 'dist', 'cli', 'apictl.cjs'))
    ? undefined
    : 'dist/cli/apictl.cjs missing (npm run build)'
}

/** `apictl serve` on an ephemeral loopback port, no request log (it still prints `listening on URL`). */
export const SERVE_ARGS = ['serve', '--port', '0', '--host', '127.0.0.1', '--quiet']

/**
 * The environment apictl runs with: no inherited profile or debug switches, this config
 * dir, and this cache dir (schemas, WSDLs, tokens) when given.
 */
export function apictlEnv(configDir, cacheDir, dataDir = join(configDir, 'data')) {
  // The local profile's store lives in the data dir: never the user's own.
  const env = { ...process.env, APICTL_CONFIG_DIR: configDir, APICTL_DATA_DIR: dataDir, NO_COLOR: '1' }
  if (cacheDir) env.APICTL_CACHE_DIR = cacheDir
  else delete env.APICTL_CACHE_DIR
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

/** When the checkout's build was last written (newest mtime of dist/cli/apictl.cjs and dist/index.js), or undefined. */
export function buildStamp(root = ROOT) {
  const times = ['cli/apictl.cjs', 'index.js'].flatMap((file) => {
    try {
      return [statSync(join(root, 'dist', file)).mtimeMs]
    } catch {
      return []
    }
  })
  return times.length ? new Date(Math.max(...times)).toISOString() : undefined
}

export function machine() {
  const processors = cpus()
  return {
    node: process.version,
    platform: `${process.platform} ${release()} ${process.arch}`,
    cpu: `${processors[0]?.model?.trim() ?? 'unknown'} × ${processors.length}`,
    cores: processors.length,
    loadAverage: loadAverage(),
  }
}

/** The 1, 5 and 15 minute load averages, rounded to hundredths. */
export function loadAverage() {
  return loadavg().map((value) => Math.round(value * 100) / 100)
}
