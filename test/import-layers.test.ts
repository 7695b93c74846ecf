import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The layer rules of DESIGN.md, checked on the import graph of src/ (static,
 * type-only and dynamic imports alike): a rule names the folder whose files
 * it constrains and the folders they must not import.
 */
const rules: Array<{ from: string; never: string[]; why: string }> = [
  { from: 'src', never: ['src/cli'], why: 'nothing imports cli/ but bin (and cli/ itself)' },
  { from: 'src/repl', never: ['src/cli'], why: 'the REPL is a surface beside the CLI, not inside it' },
  ...['src/exchange', 'src/library', 'src/render', 'src/options', 'src/config', 'src/transport'].map(
    (from) => ({
      from,
      never: ['src/repl'],
      why: 'the REPL is a surface: the engine and what it uses never reach into it',
    }),
  ),
  {
    from: 'src/protocols',
    never: ['src/exchange', 'src/cli', 'src/repl'],
    why: 'a protocol codec knows no surface and no engine',
  },
  {
    from: 'src/runfile',
    never: [
      'src/exchange',
      'src/transport',
      'src/render',
      'src/cli',
      'src/repl',
      'src/library',
      'src/server',
    ],
    why: 'the request-file format and its asserts are pure: core/ and packages only',
  },
  {
    from: 'src/transport',
    never: ['src/exchange', 'src/cli', 'src/repl', 'src/render', 'src/protocols'],
    why: 'the one HTTP layer serves every style and prints nothing',
  },
]

const root = resolve(import.meta.dirname, '..')
rules.push({
  from: 'src/core',
  never: readdirSync(join(root, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'core')
    .map((entry) => `src/${entry.name}`),
  why: 'core/ is the vocabulary everything else imports',
})

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** `import … from`, `export … from`, `import type`, side-effect and dynamic imports: the relative ones, resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!)
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(root, resolve(root, dirname(file), specifier)).replace(/\.js$/, '.ts'))
}

const inside = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`)

/** Every import that breaks a rule, as `file → imported (why)`. */
function layerViolations(files: readonly string[] = sourceFiles('src')): string[] {
  const violations: string[] = []
  for (const file of files) {
    for (const imported of importsOf(file)) {
      for (const rule of rules) {
        if (!inside(file, rule.from)) continue
        const banned = rule.never.find((folder) => inside(imported, folder) && !inside(file, folder))
        if (banned !== undefined) violations.push(`${file} → ${imported} (${rule.why})`)
      }
    }
  }
  return violations
}

describe('layer rules (DESIGN.md "The layout")', () => {
  it('reads the imports it checks: every kind of import is seen', () => {
    const imports = importsOf('src/cli/program.ts')
    expect(imports).toContain('src/core/context.ts') // import type
    expect(imports).toContain('src/cli/commands/repl.ts') // dynamic import()
    expect(imports).toContain('src/cli/commands/rest-command.ts')
  })

  it('no import in src/ breaks a rule', () => {
    expect(layerViolations()).toEqual([])
  })
})
