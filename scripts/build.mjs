// Builds dist/ with esbuild: the CLI as one CommonJS file (dist/cli/apictl.cjs, plus trimmed
// copies for `rest`, `gql` and `soap`), in which each command's dynamic import() stays a module
// initialised on first use, loaded by bin/load-cli.cjs with a V8 code cache; the library
// (dist/index.js) as code-split ESM, with apictl/react (dist/react.js) beside it.
// Client-side packages are bundled; the server-side ones load from node_modules.
// See docs/decisions.md.
// With --types it also emits the library's .d.ts files (tsc), as `prepare` does.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
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
 * Packages the bundles import at load time but use only with options apictl never sets, so
 * they get small stubs instead (scripts/stubs/) that throw a clear error if ever touched:
 * got's cacheable-request and cacheable-lookup (its `cache` and `dnsCache` options; with
 * http2-wrapper ~10 ms of every start-up, node:http2 and node:dns among it). http2-wrapper's
 * stub requires the real package on first touch instead (--http2 alone uses it).
 * (inquirer's editor prompt was stubbed too, until the code cache made its 550 KB free:
 * docs/decisions.md.)
 */
const STUBBED = {
  'http2-wrapper': 'http2-wrapper',
  'cacheable-request': 'cacheable-request',
  'cacheable-lookup': 'cacheable-lookup',
}
const unusedPackageFeatures = {
  name: 'unused-package-features',
  setup(builder) {
    builder.onResolve({ filter: /^(http2-wrapper|cacheable-request|cacheable-lookup)$/ }, (args) => ({
      path: fileURLToPath(new URL(`stubs/${STUBBED[args.path]}.mjs`, import.meta.url)),
    }))
  },
}

/**
 * @readme/openapi-parser (read on first use by REST's OpenAPI support) loads node:dns/promises,
 * fs and undici with `import(name)`, which code restored from the V8 code cache cannot run; the
 * CLI bundle gets `require(name)` instead (the same modules, loaded at the same moment).
 */
const parserImportsRequired = {
  name: 'parser-imports-required',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]@readme[\\/]openapi-parser[\\/]dist[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      let replaced = 0
      const required = source.replace(/await import\((dnsModuleName|undiciModuleName|"fs")\)/g, (_, name) => {
        replaced += 1
        return `await require(${name})`
      })
      if (replaced !== 3 || /\bimport\(/.test(required)) {
        throw new Error(
          `${args.path}: its dynamic imports changed; update parserImportsRequired in scripts/build.mjs`,
        )
      }
      return { contents: required, loader: 'js' }
    })
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

/**
 * got gives every request an id for its diagnostics_channel messages, from crypto.randomUUID:
 * that alone would load node:crypto (~1.7 ms) on every run. apictl subscribes to none of those
 * channels; the bundle numbers requests instead (`apictl-<pid>-<n>`, unique within the process,
 * which is all a subscriber could correlate on).
 */
const gotRequestIds = {
  name: 'got-request-ids',
  setup(builder) {
    builder.onLoad(
      { filter: /[\\/]got[\\/]dist[\\/]source[\\/]core[\\/]diagnostics-channel\.js$/ },
      async (args) => {
        const source = await readFile(args.path, 'utf8')
        const imported = "import { randomUUID } from 'node:crypto';\n"
        const called = 'return randomUUID();'
        if (source.split(imported).length !== 2 || source.split(called).length !== 2) {
          throw new Error(`${args.path}: its request ids changed; update gotRequestIds in scripts/build.mjs`)
        }
        const contents = source
          .replace(imported, 'let requestCount = 0;\n')
          .replace(called, "return 'apictl-' + process.pid + '-' + ++requestCount;")
        return { contents, loader: 'js' }
      },
    )
  },
}

/**
 * graphql-request uses the global `Headers` (`new Headers(...)`, `instanceof Headers`), and on
 * Node 20 the first touch of a Fetch API global loads Node's fetch implementation, undici: ~17 ms
 * of every `apictl gql`. Its requests go through apictl's own fetch over the shared transport
 * (send-graphql-request.ts), which answers with the light FetchResponse; this gives
 * graphql-request's modules that FetchHeaders in place of the global, and fails the build if
 * they stop naming `Headers` (then this plugin has nothing left to do, or they moved it).
 */
const FETCH_HEADERS = fileURLToPath(
  new URL('../src/protocols/graphql/client/fetch-headers.ts', import.meta.url),
)
const fetchHeadersForGraphqlRequest = {
  name: 'fetch-headers-for-graphql-request',
  setup(builder) {
    let patched = 0
    builder.onLoad({ filter: /[\\/]node_modules[\\/]graphql-request[\\/].*\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      if (!/\bHeaders\b/.test(source)) return undefined
      patched += 1
      return {
        contents: `import { FetchHeaders as Headers } from ${JSON.stringify(FETCH_HEADERS)};\n${source}`,
        loader: 'js',
        resolveDir: dirname(args.path),
      }
    })
    builder.onEnd((result) => {
      const bundled = Object.keys(result.metafile?.inputs ?? {}).some((input) =>
        input.includes('graphql-request/'),
      )
      if (bundled && patched < 2) {
        throw new Error(
          'graphql-request no longer names Headers in two modules; check fetchHeadersForGraphqlRequest in scripts/build.mjs',
        )
      }
    })
  },
}

/**
 * Node built-ins that the CLI's modules require when they load but use only on some runs:
 * node:https and node:tls (got, for https URLs; ~2 ms), node:child_process (commander, for
 * executable subcommands apictl has none of; ~0.6 ms), node:zlib (decompress-response, for
 * compressed answers), node:crypto (~1.7 ms: hashing and random bytes for caches, OAuth,
 * WS-Security) and node:fs/promises (~0.7 ms). In the CLI bundle each becomes a module of
 * getters that requires the real one on first touch. Members listed here are read without
 * being used on every request (got copies `tls.checkServerIdentity` into its request options),
 * so they are functions that load the module only when called.
 */
const LAZY_BUILTINS = {
  https: [],
  tls: ['checkServerIdentity'],
  child_process: [],
  zlib: [],
  crypto: [],
  'fs/promises': [],
}
const LAZY_BUILTIN_NAMES = new RegExp(`^(node:)?(${Object.keys(LAZY_BUILTINS).join('|')})$`)
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(builder) {
    builder.onResolve({ filter: LAZY_BUILTIN_NAMES }, (args) =>
      args.namespace === 'lazy-builtin'
        ? undefined
        : { path: args.path.replace(/^node:/, ''), namespace: 'lazy-builtin' },
    )
    builder.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => {
      const real = createRequire(import.meta.url)(`node:${args.path}`)
      const callThrough = new Set(LAZY_BUILTINS[args.path])
      const members = Object.keys(real)
        .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name))
        .map((name) =>
          callThrough.has(name)
            ? `${name}: (...args) => load().${name}(...args)`
            : `get ${name}() { return load().${name} }`,
        )
      return {
        contents: `let real\nconst load = () => (real ??= require('node:${args.path}'))\nmodule.exports = {\n${members.join(',\n')}\n}\n`,
        loader: 'js',
      }
    })
  },
}

/**
 * tough-cookie (with tldts's public suffix list, 180 KB) serves only sessions and the REPL's
 * cookies: loaded from node_modules when the first cookie comes, it costs the other runs
 * nothing (bundled, it made every `apictl rest` bundle 250 KB bigger).
 */
const EXTERNAL = [
  '@apollo/server',
  '@apollo/server/*',
  'graphql-ws/use/*',
  'graphql-jit',
  'ws',
  'jose',
  'soap',
  'libsql',
  'tough-cookie',
]
/**
 * The CLI bundles also bundle jose (ESM only, so it could only be loaded with `import()`): code
 * that V8 restores from the code cache loses vm.Script's dynamic-import callback, so an
 * `import()` in the bundle fails on every run after the first (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING).
 * The build refuses a CLI bundle that still contains one.
 */
const CLI_EXTERNAL = EXTERNAL.filter((name) => name !== 'jose')
/**
 * The modules each command group's actions start from (imported by the command definitions on
 * first use). `rest`, `gql` and `soap` get a bundle of their own without the other groups'
 * actions (dist/cli/apictl-<group>.cjs): every start-up reads, and every code cache holds the
 * outline of, the whole file it loads, and graphql alone is a third of the full bundle. Other
 * commands (the REPL, serve, profile, completion, help) load the full dist/cli/apictl.cjs. The
 * shell scripts' `apictl __complete -- rest …` loads dist/cli/apictl-complete.cjs, built from
 * src/cli/complete-main.ts alone (COMPLETE_BUNDLE).
 */
const GROUP_ACTIONS = {
  rest: ['rest.ts', 'rest-lint.ts', 'rest-ops.ts'],
  gql: ['gql.ts', 'gql-schema.ts', 'gql-validate.ts', 'gql-build.ts', 'gql-subscribe.ts'],
  soap: ['soap.ts'],
  repl: ['repl.ts'],
  run: ['run.ts'],
  serve: ['serve.ts'],
  profile: ['profile.ts'],
  completion: ['completion-spec.ts', 'completion-scripts.ts', 'completion-words.ts'],
}
const TRIMMED_GROUPS = ['rest', 'gql', 'soap']
/** A bundle with an entry of its own: the shell's Tab, answered without the program (~10 ms of CPU less). */
const COMPLETE_BUNDLE = 'complete'
const cliBundleFile = (group) =>
  group === undefined ? 'dist/cli/apictl.cjs' : `dist/cli/apictl-${group}.cjs`

/**
 * In a group's bundle, the other groups' action modules become one that throws when it loads,
 * so that reaching one by mistake is a clear error rather than a missing function.
 */
function otherGroupsLeftOut(group) {
  const left = new Set(
    Object.entries(GROUP_ACTIONS)
      .filter(([name]) => name !== group)
      .flatMap(([, files]) => files),
  )
  return {
    name: 'other-groups-left-out',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]src[\\/]cli[\\/]commands[\\/][\w-]+\.ts$/ }, (args) => {
        const file = args.path.split(/[\\/]/).pop()
        if (!left.has(file)) return undefined
        return {
          contents: `throw new Error(${JSON.stringify(`internal: src/cli/commands/${file} is not in the ${group} bundle (scripts/build.mjs GROUP_ACTIONS)`)})`,
          loader: 'js',
        }
      })
    },
  }
}

/**
 * esbuild's __esm helper and its hooked form. Its parameters are `fn` and `res`, or `fn2`…
 * when a bundled module has a top-level `fn` of its own (jsonpath-plus does).
 */
function esmHelper(code) {
  const [, fn = 'fn', res = 'res'] = /var __esm=\((fn\d*),(res\d*)\)=>/.exec(code) ?? []
  const helper =
    'var __esm=(fn,res)=>function(){return fn&&(res=(0,fn[__getOwnPropNames(fn)[0]])(fn=0)),res};'
  const hooked =
    'var __esm=(fn,res)=>function(){return fn&&(__apictlInit&&__apictlInit(__getOwnPropNames(fn)[0]),res=(0,fn[__getOwnPropNames(fn)[0]])(fn=0)),res};'
  return [helper, hooked].map((text) => text.replaceAll('fn', fn).replaceAll('res', res))
}

/**
 * esbuild's __commonJS helper and its hooked form. Its parameter is `mod`, or `mod2`… when a
 * bundled module has a top-level `mod` of its own (hpagent's ESM entry does).
 */
function commonJsHelper(code) {
  const name = /var __commonJS=\(cb,(mod\d*)\)=>/.exec(code)?.[1] ?? 'mod'
  const helper = `var __commonJS=(cb,mod)=>function(){return mod||(0,cb[__getOwnPropNames(cb)[0]])((mod={exports:{}}).exports,mod),mod.exports};`
  const hooked = `var __commonJS=(cb,mod)=>function(){return mod||(__apictlInit&&__apictlInit(__getOwnPropNames(cb)[0]),(0,cb[__getOwnPropNames(cb)[0]])((mod={exports:{}}).exports,mod)),mod.exports};`
  return [helper, hooked].map((text) => text.replaceAll('mod', name))
}

/**
 * The CLI as one CommonJS file, which bin/apictl.cjs compiles with vm.Script and a V8 code
 * cache (Node 20 has no module.enableCompileCache). esbuild turns every module reached only
 * through import() into an `__esm`/`__commonJS` wrapper that runs on first use, so commands
 * stay lazy inside the one file. The two helpers get a hook (`__apictlInit`, a parameter of
 * the loader's wrapper) through which the loader can record which modules ran; the first
 * line carries the bundle's hash, which keys the code cache. With a group, the group's
 * trimmed bundle (GROUP_ACTIONS).
 */
async function buildCliBundle(group) {
  const CLI_BUNDLE = cliBundleFile(group)
  const ownEntry = group === COMPLETE_BUNDLE
  const groupPlugins = group === undefined || ownEntry ? [] : [otherGroupsLeftOut(group)]
  const built = await build({
    entryPoints: [ownEntry ? 'src/cli/complete-main.ts' : 'src/cli/main.ts'],
    outfile: CLI_BUNDLE,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: CLI_EXTERNAL,
    plugins: [
      serverGraphqlStaysExternal,
      unusedPackageFeatures,
      lazyListFormat,
      parserImportsRequired,
      gotRequestIds,
      fetchHeadersForGraphqlRequest,
      lazyBuiltins,
      ...groupPlugins,
    ],
    // src finds fixtures/ from its own location; dist/cli is as deep as dist/chunks.
    define: { 'import.meta.url': '__apictlImportMetaUrl' },
    minifySyntax: true,
    minifyWhitespace: true,
    // For APICTL_DEBUG=1 stack traces (src/render/source-mapped-stack.ts); no source text inside.
    sourcemap: 'external',
    sourcesContent: false,
    logLevel: 'warning',
    metafile: true,
    write: false,
  })
  const output = (suffix) => built.outputFiles.find((file) => file.path.endsWith(suffix))
  let code = output('.cjs').text
  const hooks = [esmHelper(code), commonJsHelper(code)]
  for (const [helper, hooked] of hooks) {
    // The completion bundle may have no lazy module at all (then no __esm helper to hook).
    if (ownEntry && !code.includes(helper.slice(0, helper.indexOf('=')))) continue
    if (code.split(helper).length !== 2) {
      throw new Error(
        `${CLI_BUNDLE}: esbuild's module helpers changed shape; update buildCliBundle in scripts/build.mjs`,
      )
    }
    code = code.replace(helper, hooked)
  }
  const dynamicImport = /\bimport\(\s*["'`\w]/.exec(code)
  if (dynamicImport !== null) {
    throw new Error(
      `${CLI_BUNDLE}: contains ${code.slice(dynamicImport.index, dynamicImport.index + 40)}…; a dynamic import() fails in code restored from the V8 code cache: bundle the package (CLI_EXTERNAL) or require() it`,
    )
  }
  // bin/load-cli.cjs reads the bundle as latin1 (faster than utf8): esbuild escapes non-ASCII.
  if (Buffer.byteLength(code) !== code.length) {
    throw new Error(`${CLI_BUNDLE}: not ASCII; bin/load-cli.cjs reads it as latin1`)
  }
  const lazy = [...code.matchAll(/__(?:esm|commonJS)\(\{"([^"]+)"\(/g)].map((match) => match[1])
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16)
  mkdirSync(new URL('../dist/cli', import.meta.url), { recursive: true })
  writeFileSync(new URL(`../${CLI_BUNDLE}`, import.meta.url), `// apictl-bundle ${hash}\n${code}`)
  // The map, one line down for the hash line (a ';' starts each generated line). The hooks above
  // change only the helpers' own line.
  const map = JSON.parse(output('.map').text)
  map.mappings = `;${map.mappings}`
  writeFileSync(new URL(`../${CLI_BUNDLE}.map`, import.meta.url), JSON.stringify(map))
  return { file: CLI_BUNDLE, metafile: built.metafile, lazy }
}

// A build without --types (the test suite's quick rebuilds) keeps the declarations a full one wrote.
const withTypes = process.argv.includes('--types')
const distDir = fileURLToPath(new URL('../dist', import.meta.url))
for (const entry of existsSync(distDir) ? readdirSync(distDir) : []) {
  if (withTypes || entry !== 'types') rmSync(join(distDir, entry), { recursive: true, force: true })
}
/**
 * apictl/react imports React, a peer dependency the program brings: it stays external, and only
 * dist/react.js names it (nothing the library's index or the CLI loads imports src/react/).
 */
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*']
const result = await build({
  // The library and apictl/react; the CLI is the one CommonJS file above.
  entryPoints: { index: 'src/index.ts', react: 'src/react/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Client-side packages are bundled (one file read and compiled instead of
  // dozens resolved one by one); server-side ones stay in node_modules.
  external: [...EXTERNAL, ...REACT],
  plugins: [serverGraphqlStaysExternal, unusedPackageFeatures, lazyListFormat, fetchHeadersForGraphqlRequest],
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
const clis = await Promise.all(
  [undefined, ...TRIMMED_GROUPS, COMPLETE_BUNDLE].map((group) => buildCliBundle(group)),
)
// Which sources each output file holds: the start-up test reads it to see what a command loads.
// `lazy` lists, for the CLI bundle, the modules that run only when first used (the loader
// records those it initialises when TRACE_IMPORTS_FILE is set); the others run on load.
writeFileSync(
  new URL('../dist/meta.json', import.meta.url),
  JSON.stringify({
    inputs: Object.assign({}, result.metafile.inputs, ...clis.map((cli) => cli.metafile.inputs)),
    outputs: Object.assign({}, result.metafile.outputs, ...clis.map((cli) => cli.metafile.outputs)),
    lazy: Object.fromEntries(clis.map((cli) => [cli.file, cli.lazy])),
  }),
)
if (withTypes) {
  execFileSync(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--emitDeclarationOnly'],
    {
      stdio: 'inherit',
    },
  )
}
