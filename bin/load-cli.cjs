// Loads the CLI bundle (dist/cli/apictl*.cjs, one CommonJS file) with a V8 code cache, since
// Node 20 has no module.enableCompileCache: the compiled code of a previous run is read from
// the cache dir, so V8 skips parsing and compiling what it holds. The cache is an optimisation
// only: a missing, unwritable, corrupt or mismatched cache means plain compilation, never a
// failed run. See docs/decisions.md.
'use strict'

const fs = require('node:fs')
const { createRequire, isBuiltin } = require('node:module')
const { homedir } = require('node:os')
const path = require('node:path')
const { pathToFileURL } = require('node:url')
const vm = require('node:vm')
const { crc32 } = require('node:zlib')

// `rest`, `gql` and `soap` have bundles without the other commands' code (less to read, a
// smaller code cache); every other command loads the full one (scripts/build.mjs GROUP_ACTIONS).
// The shell's Tab (`apictl __complete -- rest …`) loads a bundle of its own, apictl-complete.cjs.
const TRIMMED = new Set(['rest', 'gql', 'soap'])
const bundleFor = (args) => {
  const group = args[0] === '__complete' ? 'complete' : args[0]
  return path.join(
    __dirname,
    '..',
    'dist',
    'cli',
    TRIMMED.has(group) || group === 'complete' ? `apictl-${group}.cjs` : 'apictl.cjs',
  )
}
const HEADER = '// apictl-bundle '
// Our file: magic; the CRC-32 of the rest (V8 checks versions, flags, the source and the
// length, but verifies no checksum of its own outside debug builds; Node 22's own compile cache
// adds a CRC-32 the same way; zlib.crc32 is native, Node >= 20.15, and without it there is no
// cache; node:crypto would cost ~2 ms more of every start-up); the length of the module list;
// the list (the bundled modules that had run when the cache was made, one per line); V8's data.
const MAGIC = Buffer.from('apictl-code-cache-3\n')
const PREFIX = MAGIC.length + 8
// A cache file is touched when used (at most daily); writing one removes others unused this
// long (other builds and versions, other Node versions), and temp files a crash left behind.
const DAY = 24 * 60 * 60 * 1000
const UNUSED = 7 * DAY
// Commands whose runs compile much the same code get a cache each (one group's `--help` would
// otherwise leave a cache without got's code for `rest get` to compile every time).
const COMMANDS = new Set(['rest', 'gql', 'soap', 'serve', 'repl', 'profile', 'completion', '__complete'])

/** Where caches live: $APICTL_CACHE_DIR, else $XDG_CACHE_HOME/apictl, else ~/.cache/apictl (as src/config/paths.ts). */
function cacheDir(env) {
  if (env.APICTL_CACHE_DIR) return env.APICTL_CACHE_DIR
  const xdg = env.XDG_CACHE_HOME
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(homedir(), '.cache'), 'apictl')
}

function cacheFile(bundle, source, args) {
  const version = require('../package.json').version
  const hash = source.startsWith(HEADER) ? source.slice(HEADER.length, source.indexOf('\n')) : 'unhashed'
  // Where the bundle is, too: V8 keeps the file name a cache was made with (stack traces would
  // name another checkout's copy of the same build).
  const place = crc32(bundle).toString(16).padStart(8, '0')
  const command = COMMANDS.has(args[0]) ? args[0] : 'other'
  // V8 rejects a cache made under other flags (--cpu-prof, --max-old-space-size, …): runs with
  // other options get their own file rather than rewriting one another's.
  const options = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join('\0')
  const flags = options === '' ? 'plain' : crc32(options).toString(16).padStart(8, '0')
  const key = `${version}-${hash}-${place}-${process.version}-${process.arch}-${flags}-${command}`.replace(
    /[^\w.-]/g,
    '_',
  )
  return path.join(cacheDir(process.env), 'code-cache', `${key}.bin`)
}

/** `{ modules, data }` from our cache file, or undefined when it is missing or damaged. */
function readCache(file) {
  let bytes
  try {
    bytes = fs.readFileSync(file)
  } catch {
    return undefined
  }
  if (bytes.length <= PREFIX || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined
  if (crc32(bytes.subarray(MAGIC.length + 4)) !== bytes.readUInt32BE(MAGIC.length)) return undefined
  const listEnd = PREFIX + bytes.readUInt32BE(MAGIC.length + 4)
  if (listEnd >= bytes.length) return undefined
  const list = bytes.toString('latin1', PREFIX, listEnd)
  touch(file)
  return { modules: new Set(list === '' ? [] : list.split('\n')), data: bytes.subarray(listEnd) }
}

/** Writes the cache atomically (temp file, rename); any failure leaves things as they were. */
function writeCache(file, script, modules) {
  let temp
  try {
    const data = script.createCachedData()
    const list = Buffer.from([...modules].join('\n'), 'latin1')
    const head = Buffer.alloc(8)
    head.writeUInt32BE(list.length, 4)
    const body = Buffer.concat([head.subarray(4), list, data])
    head.writeUInt32BE(crc32(body), 0)
    // The cache dir is private (0700), whichever file creates it first: this one, on a first run.
    const created = fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    if (created !== undefined) privateFolders(created, path.dirname(file))
    temp = `${file}.${process.pid}.tmp`
    fs.writeFileSync(temp, Buffer.concat([MAGIC, head.subarray(0, 4), body]), { mode: 0o600 })
    fs.renameSync(temp, file)
    prune(file)
  } catch {
    if (temp) fs.rmSync(temp, { force: true })
  }
}

/** chmod 0700 each folder mkdir created (from `last` up to `first`, the first one it made), whatever the umask. */
function privateFolders(first, last) {
  for (let folder = last; ; folder = path.dirname(folder)) {
    fs.chmodSync(folder, 0o700)
    if (folder === first || path.dirname(folder) === folder) return
  }
}

/** Marks a cache file as in use (mtime), so that another build's prune keeps it. */
function touch(file) {
  try {
    const now = Date.now()
    if (now - fs.statSync(file).mtimeMs > DAY) fs.utimesSync(file, now / 1000, now / 1000)
  } catch {}
}

/** Removes the other cache files unused for UNUSED, and temp files older than a day. */
function prune(kept) {
  const dir = path.dirname(kept)
  const now = Date.now()
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name)
    const limit = name.endsWith('.tmp') ? DAY : name.endsWith('.bin') ? UNUSED : undefined
    if (limit === undefined || file === kept) continue
    try {
      if (now - fs.statSync(file).mtimeMs > limit) fs.rmSync(file, { force: true })
    } catch {}
  }
}

/**
 * The bundle's `require` and its module-init hook, which collects the bundled modules that run
 * into `ran`. With TRACE_IMPORTS_FILE set (the start-up tests), also records what runs: the
 * bundle's URL, each bundled module it initialises (`bundled:` and its path in dist/meta.json)
 * and the file of each package it requires from node_modules.
 */
function hooks(require, bundle, ran) {
  const file = process.env.TRACE_IMPORTS_FILE
  if (!file) return { require, init: (name) => ran.add(name) }
  const record = (line) => fs.appendFileSync(file, `${line}\n`)
  record(pathToFileURL(bundle).href)
  const traced = (id) => {
    if (!isBuiltin(id)) {
      record(pathToFileURL(require.resolve(id)).href)
    }
    return require(id)
  }
  const init = (name) => {
    ran.add(name)
    record(`bundled:${name}`)
  }
  return { require: Object.assign(traced, require), init }
}

/** The CLI's exports (`main`), compiled from the code cache when there is a usable one. */
function loadCli(args) {
  // The build keeps the bundle ASCII (it checks), so latin1 reads it exactly, ~2 ms faster than utf8.
  const bundle = bundleFor(args)
  const source = fs.readFileSync(bundle, 'latin1')
  const file = typeof crc32 === 'function' ? cacheFile(bundle, source, args) : undefined
  const cached = file === undefined ? undefined : readCache(file)
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __apictlImportMetaUrl, __apictlInit) {${source}\n})`,
    {
      filename: bundle,
      cachedData: cached?.data,
    },
  )
  const ran = new Set()
  if (file !== undefined) {
    // At exit, so that the cache holds the functions this command compiled lazily too. A cache
    // that V8 took is written again only when this run ran modules it was made without (say
    // `soap call` after `soap --help` made it): V8's data then holds both runs' functions.
    const known = cached !== undefined && !script.cachedDataRejected ? cached.modules : undefined
    process.once('exit', () => {
      if (known === undefined) return writeCache(file, script, ran)
      for (const name of ran) {
        if (!known.has(name)) return writeCache(file, script, new Set([...known, ...ran]))
      }
    })
  }
  const module = { exports: {} }
  const { require: bundleRequire, init } = hooks(createRequire(bundle), bundle, ran)
  script.runInThisContext()(
    module.exports,
    bundleRequire,
    module,
    bundle,
    path.dirname(bundle),
    pathToFileURL(bundle).href,
    init,
  )
  return module.exports
}

module.exports = { loadCli }
