// Loads the CLI bundle (dist/cli/apictl.cjs, one CommonJS file) with a V8 code cache, since
// Node 20 has no module.enableCompileCache: the compiled code of a previous run is read from
// the cache dir, so V8 skips parsing and compiling what it holds. The cache is an optimisation
// only: a missing, unwritable, corrupt or mismatched cache means plain compilation, never a
// failed run. See docs/decisions.md.
'use strict'

const { createHash } = require('node:crypto')
const fs = require('node:fs')
const { createRequire, isBuiltin } = require('node:module')
const { homedir } = require('node:os')
const path = require('node:path')
const { pathToFileURL } = require('node:url')
const vm = require('node:vm')

const BUNDLE = path.join(__dirname, '..', 'dist', 'cli', 'apictl.cjs')
const HEADER = '// apictl-bundle '
// Our file: magic, then the sha256 of V8's data (V8 checks versions, flags and the source, but
// verifies no checksum of its own outside debug builds), then V8's data.
const MAGIC = Buffer.from('apictl-code-cache-1\n')
const DIGEST = 32
// Commands whose runs compile much the same code get a cache each, so that `--help` does not
// leave a cache without got's code for `rest get` to compile every time.
const COMMANDS = new Set(['rest', 'gql', 'soap', 'serve', 'repl', 'profile', 'completion'])

/** Where caches live: $APICTL_CACHE_DIR, else $XDG_CACHE_HOME/apictl, else ~/.cache/apictl (as src/config/paths.ts). */
function cacheDir(env) {
  if (env.APICTL_CACHE_DIR) return env.APICTL_CACHE_DIR
  const xdg = env.XDG_CACHE_HOME
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(homedir(), '.cache'), 'apictl')
}

function cacheFile(source, args) {
  const version = require('../package.json').version
  const hash = source.startsWith(HEADER) ? source.slice(HEADER.length, source.indexOf('\n')) : 'unhashed'
  const command = COMMANDS.has(args[0]) ? args[0] : 'other'
  // V8 rejects a cache made under other flags (--cpu-prof, --max-old-space-size, …): runs with
  // other options get their own file rather than rewriting one another's.
  const options = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join('\0')
  const flags = options === '' ? 'plain' : createHash('sha256').update(options).digest('hex').slice(0, 8)
  const key = `${version}-${hash}-${process.version}-${process.arch}-${flags}-${command}`.replace(
    /[^\w.-]/g,
    '_',
  )
  return path.join(cacheDir(process.env), 'code-cache', `${key}.bin`)
}

/** V8's data from our cache file, or undefined when it is missing or damaged. */
function readCache(file) {
  let data
  try {
    data = fs.readFileSync(file)
  } catch {
    return undefined
  }
  const start = MAGIC.length + DIGEST
  if (data.length <= start || !data.subarray(0, MAGIC.length).equals(MAGIC)) return undefined
  const payload = data.subarray(start)
  const digest = createHash('sha256').update(payload).digest()
  return digest.equals(data.subarray(MAGIC.length, start)) ? payload : undefined
}

/** Writes the cache atomically (temp file, rename); any failure leaves things as they were. */
function writeCache(file, script) {
  let temp
  try {
    const payload = script.createCachedData()
    const digest = createHash('sha256').update(payload).digest()
    fs.mkdirSync(path.dirname(file), { recursive: true })
    temp = `${file}.${process.pid}.tmp`
    fs.writeFileSync(temp, Buffer.concat([MAGIC, digest, payload]))
    fs.renameSync(temp, file)
  } catch {
    if (temp) fs.rmSync(temp, { force: true })
  }
}

/**
 * With TRACE_IMPORTS_FILE set (the start-up tests), records what runs: the bundle's URL, each
 * bundled module it initialises (`bundled:` and its path in dist/meta.json) and the file of each
 * package it requires from node_modules. Returns the bundle's `require` and init hook.
 */
function tracing(require) {
  const file = process.env.TRACE_IMPORTS_FILE
  if (!file) return { require, init: undefined }
  const record = (line) => fs.appendFileSync(file, `${line}\n`)
  record(pathToFileURL(BUNDLE).href)
  const traced = (id) => {
    if (!isBuiltin(id)) {
      record(pathToFileURL(require.resolve(id)).href)
    }
    return require(id)
  }
  return { require: Object.assign(traced, require), init: (name) => record(`bundled:${name}`) }
}

/** The CLI's exports (`main`), compiled from the code cache when there is a usable one. */
function loadCli(args) {
  // The build keeps the bundle ASCII (it checks), so latin1 reads it exactly, ~2 ms faster than utf8.
  const source = fs.readFileSync(BUNDLE, 'latin1')
  const file = cacheFile(source, args)
  const cachedData = readCache(file)
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __apictlImportMetaUrl, __apictlInit) {${source}\n})`,
    {
      filename: BUNDLE,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    },
  )
  if (cachedData === undefined || script.cachedDataRejected) {
    // After the run, so that the cache holds the functions this command compiled lazily too.
    process.once('exit', () => writeCache(file, script))
  }
  const module = { exports: {} }
  const { require: bundleRequire, init } = tracing(createRequire(BUNDLE))
  script.runInThisContext()(
    module.exports,
    bundleRequire,
    module,
    BUNDLE,
    path.dirname(BUNDLE),
    pathToFileURL(BUNDLE).href,
    init,
  )
  return module.exports
}

module.exports = { loadCli }
