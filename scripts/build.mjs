// Builds dist/ with esbuild: one ESM bundle per entry, code-split so that each
// command's dynamic import() stays a separate chunk (start-up loads only what
// a command uses). Client-side packages are bundled into those chunks; the
// server-side ones (and graphql, which must stay one shared copy) load from
// node_modules. See docs/decisions.md.
// With --types it also emits the library's .d.ts files (tsc), as `prepare` does.
import { execFileSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { build } from 'esbuild'

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
const result = await build({
  entryPoints: { 'cli/main': 'src/cli/main.ts', index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Client-side packages are bundled (one file read and compiled instead of
  // dozens resolved one by one); server-side ones stay in node_modules.
  external: [
    '@apollo/server',
    '@apollo/server/*',
    'graphql',
    'graphql-ws',
    'graphql-ws/*',
    'ws',
    'jose',
    'soap',
  ],
  banner: {
    js: "import { createRequire as __apictlRequire } from 'node:module'; const require = __apictlRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  minifySyntax: true,
  minifyWhitespace: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
})
// Which sources each output file holds: the start-up test reads it to see what a command loads.
writeFileSync(new URL('../dist/meta.json', import.meta.url), JSON.stringify(result.metafile))
if (process.argv.includes('--types')) {
  execFileSync(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--emitDeclarationOnly'],
    {
      stdio: 'inherit',
    },
  )
}
