import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')

/**
 * The CLI tests spawn bin/apictl.cjs, which runs dist/: build it before any
 * test unless it is already newer than every source file (a rebuild deletes
 * dist/, which would pull it from under another run in progress).
 * Also points APICTL_DATA_DIR at a temp dir for the whole run.
 */
export default function setup(): () => void {
  // The local profile's store of any test that inherits this environment: never the user's own.
  const dataDir = mkdtempSync(join(tmpdir(), 'apictl-test-data-'))
  process.env.APICTL_DATA_DIR ??= dataDir
  if (!builtAfter(newestSource(join(ROOT, 'src')), join(ROOT, 'dist', 'meta.json'))) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' })
  }
  return () => rmSync(dataDir, { recursive: true, force: true })
}

function newestSource(dir: string): number {
  let newest = statSync(join(ROOT, 'scripts', 'build.mjs')).mtimeMs
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

function builtAfter(time: number, file: string): boolean {
  try {
    return statSync(file).mtimeMs > time
  } catch {
    return false
  }
}
