import { execFileSync } from 'node:child_process'

/** The CLI tests spawn bin/apictl.js, which runs dist/: build it once, fresh, before any test. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
}
