// The npm registry this project installs from serves only this platform's
// builds of packages like @biomejs/cli-* and @rollup/rollup-*, so `npm install`
// leaves the other platforms' optional dependencies out of package-lock.json,
// and `npm ci` then refuses the lock ("Missing: … from lock file"). This adds a
// minimal entry (version, optional) for each missing optional dependency; npm
// skips them on a platform they do not fit. Idempotent; run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const packages = lock.packages
let added = 0
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`
    const top = `node_modules/${name}`
    if (packages[nested] || packages[top]) continue
    packages[top] = {
      version: spec.replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    }
    added++
  }
}
if (added > 0) writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
process.stdout.write(`lock-optional-stubs: ${added} entr${added === 1 ? 'y' : 'ies'} added\n`)
