// A private copy of the build under test. Other people rebuild dist/ while the
// bench runs (the build starts by deleting it), which would fail runs and mix two
// builds in one table; so the bench copies bin/, dist/, package.json and fixtures/
// to a temp dir once, with node_modules linked to the checkout's, and runs apictl
// from there. The copy is taken between rebuilds: it is retried until dist/ did
// not change while it was being copied.
import { cp, mkdir, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { buildStamp, makeTempDir, ROOT, removeDir } from './environment.mjs'

const PARTS = ['bin', 'dist', 'fixtures', 'package.json']

/**
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<{ root: string, stamp: string, remove(): Promise<void> } | { error: string }>}
 *   stamp: when the copied build was written.
 */
export async function snapshotBuild({ timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const stamp = buildStamp()
    if (stamp) {
      const root = await makeTempDir('apictl-bench-build-')
      const copied = await copy(root).then(
        () => true,
        () => false,
      )
      if (copied && buildStamp() === stamp && buildStamp(root)) {
        return { root, stamp, remove: () => removeDir(root) }
      }
      await removeDir(root)
    }
    if (Date.now() > deadline) {
      return {
        error: stamp ? 'dist/ kept changing while it was copied' : 'dist/ missing (npm run build)',
      }
    }
    await delay(250)
  }
}

async function copy(root) {
  await mkdir(root, { recursive: true })
  for (const part of PARTS) {
    await cp(join(ROOT, part), join(root, part), { recursive: true, preserveTimestamps: true })
  }
  await symlink(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir')
}
