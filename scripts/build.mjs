// Builds dist/ with esbuild: one ESM bundle per entry, code-split so that each
// command's dynamic import() stays a separate chunk (start-up loads only what
// a command uses). Packages stay external and load from node_modules.
// With --types it also emits the library's .d.ts files (tsc), as `prepare` does.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { build } from 'esbuild'

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
await build({
  entryPoints: { 'cli/main': 'src/cli/main.ts', index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
})
if (process.argv.includes('--types')) {
  execFileSync(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--emitDeclarationOnly'],
    {
      stdio: 'inherit',
    },
  )
}
