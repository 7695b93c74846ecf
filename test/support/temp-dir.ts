import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const made: string[] = []

/**
 * A fresh directory under the system's temp dir, removed with everything in it
 * when the test file ends (remove-temp-dirs.ts, a vitest setup file).
 */
export function tempDir(prefix = 'apictl-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

/** Removes the directories tempDir made so far. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}
