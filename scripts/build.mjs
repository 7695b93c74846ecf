// Builds dist/ with esbuild: the CLI as one CommonJS file (dist/cli/apictl.cjs), in which
// each command's dynamic import() stays a module initialised on first use, loaded by
// bin/load-cli.cjs with a V8 code cache; the library (dist/index.js) as code-split ESM.
// Client-side packages are bundled; the server-side ones load from node_modules.
// See docs/decisions.md.
// With --types it also emits the library's .d.ts files (tsc), as `prepare` does.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/**
 * graphql is bundled for the client (it is most of `apictl gql`'s start-up),
 * but the server half must use the very copy @apollo/server and graphql-ws
 * load from node_modules (they check `instanceof` on schemas and errors), so
 * imports of graphql from server code stay external.
 */
const serverGraphqlStaysExternal = {
  name: 'server-graphql-stays-external',
  setup(builder) {
    builder.onResolve({ filter: /^graphql(\/.*)?$/ }, (args) =>
      /[\\/](server|protocols[\\/]graphql[\\/]server)[\\/]/.test(args.importer)
        ? { path: args.path, external: true }
        : undefined,
    )
  },
}

/**
 * got imports http2-wrapper and cacheable-request at load time but uses them
 * only with options apictl never sets (`http2`, `cache`); the bundle gets
 * small stubs instead (scripts/stubs/), which saves ~15 ms of every start-up.
 */
const unusedGotFeatures = {
  name: 'unused-got-features',
  setup(builder) {
    builder.onResolve({ filter: /^(http2-wrapper|cacheable-request)$/ }, (args) => ({
      path: fileURLToPath(new URL(`stubs/${args.path}.mjs`, import.meta.url)),
    }))
  },
}

/**
 * @sindresorhus/is (got's argument checker) creates two Intl.ListFormat objects
 * when it loads, only to word the message of a failed assertion. The first
 * Intl object initialises ICU, about 10 ms of every start-up that loads got;
 * the bundle creates them on first use instead (same messages).
 */
const lazyListFormat = {
  name: 'lazy-list-format',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]@sindresorhus[\\/]is[\\/]distribution[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      let replaced = 0
      const lazy = source.replace(
        /^const (andFormatter|orFormatter) = (new Intl\.ListFormat\([^;]*\));$/gm,
        (_, name, create) => {
          replaced += 1
          return `let ${name}Instance;\nconst ${name} = { format: (list) => (${name}Instance ??= ${create}).format(list) };`
        },
      )
      if (replaced !== 2 || source.match(/new Intl\./g)?.length !== 2) {
        throw new Error(
          `${args.path}: its Intl.ListFormat objects changed; update lazyListFormat in scripts/build.mjs`,
        )
      }
      return { contents: lazy, loader: 'js' }
    })
  },
}

const EXTERNAL = ['@apollo/server', '@apollo/server/*', 'graphql-ws/use/*', 'ws', 'jose', 'soap']
const CLI_BUNDLE = 'dist/cli/apictl.cjs'

/**
 * The CLI as one CommonJS file, which bin/apictl.cjs compiles with vm.Script and a V8 code
 * cache (Node 20 has no module.enableCompileCache). esbuild turns every module reached only
 * through import() into an `__esm`/`__commonJS` wrapper that runs on first use, so commands
 * stay lazy inside the one file. The two helpers get a hook (`__apictlInit`, a parameter of
 * the loader's wrapper) through which the loader can record which modules ran; the first
 * line carries the bundle's hash, which keys the code cache.
 */
async function buildCliBundle() {
  const built = await build({
    entryPoints: ['src/cli/main.ts'],
    outfile: CLI_BUNDLE,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    plugins: [serverGraphqlStaysExternal, unusedGotFeatures, lazyListFormat],
    // src finds fixtures/ from its own location; dist/cli is as deep as dist/chunks.
    define: { 'import.meta.url': '__apictlImportMetaUrl' },
    minifySyntax: true,
    minifyWhitespace: true,
    logLevel: 'warning',
    metafile: true,
    write: false,
  })
  let code = built.outputFiles[0].text
  const hooks = [
    [
      'var __esm=(fn,res)=>function(){return fn&&(res=(0,fn[__getOwnPropNames(fn)[0]])(fn=0)),res};',
      'var __esm=(fn,res)=>function(){return fn&&(__apictlInit&&__apictlInit(__getOwnPropNames(fn)[0]),res=(0,fn[__getOwnPropNames(fn)[0]])(fn=0)),res};',
    ],
    [
      'var __commonJS=(cb,mod)=>function(){return mod||(0,cb[__getOwnPropNames(cb)[0]])((mod={exports:{}}).exports,mod),mod.exports};',
      'var __commonJS=(cb,mod)=>function(){return mod||(__apictlInit&&__apictlInit(__getOwnPropNames(cb)[0]),(0,cb[__getOwnPropNames(cb)[0]])((mod={exports:{}}).exports,mod)),mod.exports};',
    ],
  ]
  for (const [helper, hooked] of hooks) {
    if (code.split(helper).length !== 2) {
      throw new Error(
        `${CLI_BUNDLE}: esbuild's module helpers changed shape; update buildCliBundle in scripts/build.mjs`,
      )
    }
    code = code.replace(helper, hooked)
  }
  // bin/load-cli.cjs reads the bundle as latin1 (faster than utf8): esbuild escapes non-ASCII.
  if (Buffer.byteLength(code) !== code.length) {
    throw new Error(`${CLI_BUNDLE}: not ASCII; bin/load-cli.cjs reads it as latin1`)
  }
  const lazy = [...code.matchAll(/__(?:esm|commonJS)\(\{"([^"]+)"\(/g)].map((match) => match[1])
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16)
  mkdirSync(new URL('../dist/cli', import.meta.url), { recursive: true })
  writeFileSync(new URL(`../${CLI_BUNDLE}`, import.meta.url), `// apictl-bundle ${hash}\n${code}`)
  return { metafile: built.metafile, lazy }
}

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
const result = await build({
  // The library; the CLI is the one CommonJS file above.
  entryPoints: { index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Client-side packages are bundled (one file read and compiled instead of
  // dozens resolved one by one); server-side ones stay in node_modules.
  external: EXTERNAL,
  plugins: [serverGraphqlStaysExternal, unusedGotFeatures, lazyListFormat],
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
const cli = await buildCliBundle()
// Which sources each output file holds: the start-up test reads it to see what a command loads.
// `lazy` lists, for the CLI bundle, the modules that run only when first used (the loader
// records those it initialises when TRACE_IMPORTS_FILE is set); the others run on load.
writeFileSync(
  new URL('../dist/meta.json', import.meta.url),
  JSON.stringify({
    inputs: { ...result.metafile.inputs, ...cli.metafile.inputs },
    outputs: { ...result.metafile.outputs, ...cli.metafile.outputs },
    lazy: { [CLI_BUNDLE]: cli.lazy },
  }),
)
if (process.argv.includes('--types')) {
  execFileSync(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--emitDeclarationOnly'],
    {
      stdio: 'inherit',
    },
  )
}
