import { FILE_OPTIONS } from '../../options/value-hints.js'
import { type CommandSpec, type OptionSpec, valueOptions } from './completion-spec.js'

const PROFILE_NAMES = `apictl profile list 2>/dev/null | sed 's/^[* ] //; s/ .*//'`
/** The hidden command that answers from the cached OpenAPI document (completion-words.ts): given the words after `apictl`, the last being completed. */
const COMPLETE = 'apictl __complete'

function flags(option: OptionSpec): string[] {
  return [option.long, option.short].filter((flag): flag is string => flag !== undefined)
}

function single(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

/** `case` patterns for "PARENT CHILD" pairs: which words step into a subcommand. */
function pathPatterns(specs: readonly CommandSpec[]): string {
  const pairs = specs.flatMap((spec) =>
    spec.subcommands.map((sub) => `"${[...spec.path, sub.name].join(' ')}"`),
  )
  return pairs.join('|')
}

function valueCases(specs: readonly CommandSpec[], shell: 'bash' | 'zsh'): string {
  const byKind = { files: [] as string[], choices: new Map<string, string[]>(), free: [] as string[] }
  for (const [flag, option] of valueOptions(specs)) {
    if (flag === '--profile') continue
    if (FILE_OPTIONS.has(flag)) byKind.files.push(flag)
    else if (option.choices)
      byKind.choices.set(option.choices.join(' '), [
        ...(byKind.choices.get(option.choices.join(' ')) ?? []),
        flag,
      ])
    else byKind.free.push(flag)
  }
  const reply = (words: string) =>
    shell === 'bash'
      ? `COMPREPLY=($(compgen -W "${words}" -- "$cur")); return ;;`
      : `compadd -- ${words}; return ;;`
  const lines = [
    shell === 'bash'
      ? `    --profile) COMPREPLY=($(compgen -W "$(${PROFILE_NAMES})" -- "$cur")); return ;;`
      : `    --profile) compadd -- \${(f)"$(${PROFILE_NAMES})"}; return ;;`,
  ]
  if (byKind.files.length) {
    lines.push(
      `    ${byKind.files.join('|')}) ${shell === 'bash' ? 'COMPREPLY=($(compgen -f -- "$cur")); return ;;' : '_files; return ;;'}`,
    )
  }
  for (const [choices, options] of byKind.choices) lines.push(`    ${options.join('|')}) ${reply(choices)}`)
  if (byKind.free.length) lines.push(`    ${byKind.free.join('|')}) return ;;`)
  return lines.join('\n')
}

/** `apictl completion bash`: source it from ~/.bashrc (`source <(apictl completion bash)`). */
export function bashScript(specs: readonly CommandSpec[]): string {
  const commandCases = specs
    .map((spec) => {
      const words = [...spec.subcommands.map((sub) => sub.name), ...spec.options.flatMap(flags)].join(' ')
      const first = spec.firstArgument
        ? `      if [[ "$prev" == "${spec.path.at(-1)}" && "$cur" != -* ]]; then COMPREPLY=($(compgen -W "${spec.firstArgument.join(' ')}" -- "$cur")); return; fi\n`
        : ''
      const document = spec.fromDocument
        ? `      if [[ "$cur" != -* ]]; then COMPREPLY=($(compgen -W "$(${COMPLETE} -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)" -- "$cur")); if ((\${#COMPREPLY[@]})); then [[ \${#COMPREPLY[@]} -eq 1 && "$COMPREPLY" == *[=:] ]] && compopt -o nospace 2>/dev/null; return; fi; fi\n`
        : ''
      return `    "${spec.path.join(' ')}")\n${first}${document}      COMPREPLY=($(compgen -W "${words}" -- "$cur")) ;;`
    })
    .join('\n')
  return `# bash completion for apictl. Load it with: source <(apictl completion bash)
_apictl() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" at="apictl" word i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "$at $word" in
      ${pathPatterns(specs)}) at="$at $word" ;;
    esac
  done
  case "$prev" in
${valueCases(specs, 'bash')}
  esac
  case "$at" in
${commandCases}
  esac
}
complete -o default -F _apictl apictl
`
}

/** `apictl completion zsh`: source it from ~/.zshrc, or save it as _apictl in $fpath. */
export function zshScript(specs: readonly CommandSpec[]): string {
  const describe = (name: string, description: string) =>
    single(`${name.replaceAll(':', '\\:')}:${description}`)
  const commandCases = specs
    .map((spec) => {
      const entries = [
        ...spec.subcommands.map((sub) => describe(sub.name, sub.description)),
        ...spec.options.flatMap((option) => flags(option).map((flag) => describe(flag, option.description))),
      ].join(' ')
      const first = spec.firstArgument
        ? `      if [[ "$prev" == "${spec.path.at(-1)}" && "$cur" != -* ]]; then compadd -- ${spec.firstArgument.join(' ')}; return; fi\n`
        : ''
      const document = spec.fromDocument
        ? `      if [[ "$cur" != -* ]]; then
        local -a document
        document=(\${(f)"$(${COMPLETE} -- "\${(@)words[2,CURRENT]}" 2>/dev/null)"})
        document=(\${document:#})
        if (( \${#document} )); then compadd -S '' -- \${(M)document:#*[=:]}; compadd -- \${document:#*[=:]}; return; fi
      fi\n`
        : ''
      return `    "${spec.path.join(' ')}")\n${first}${document}      candidates=(${entries}) ;;`
    })
    .join('\n')
  return `#compdef apictl
# zsh completion for apictl. Load it with: source <(apictl completion zsh)
_apictl() {
  local cur="\${words[CURRENT]}" prev="\${words[CURRENT-1]}" at="apictl" word i
  local -a candidates
  for ((i = 2; i < CURRENT; i++)); do
    word="\${words[i]}"
    case "$at $word" in
      ${pathPatterns(specs)}) at="$at $word" ;;
    esac
  done
  case "$prev" in
${valueCases(specs, 'zsh')}
  esac
  case "$at" in
${commandCases}
  esac
  _describe -t commands 'apictl' candidates
}
if [[ "\${funcstack[1]}" == "_apictl" ]]; then _apictl "$@"; else compdef _apictl apictl; fi
`
}

/** `apictl completion fish`: save it as ~/.config/fish/completions/apictl.fish. */
export function fishScript(specs: readonly CommandSpec[]): string {
  const lines = [
    '# fish completion for apictl. Save as ~/.config/fish/completions/apictl.fish',
    'complete -c apictl -f',
  ]
  for (const spec of specs) {
    const depth = spec.path.length - 1
    const parent = spec.path.slice(1)
    const siblings = spec.subcommands.map((sub) => sub.name).join(' ')
    const here =
      depth === 0
        ? '__fish_use_subcommand'
        : `__fish_seen_subcommand_from ${parent.at(-1)}${siblings ? `; and not __fish_seen_subcommand_from ${siblings}` : ''}`
    for (const sub of spec.subcommands) {
      lines.push(`complete -c apictl -n ${single(here)} -a ${sub.name} -d ${single(sub.description)}`)
    }
    for (const option of spec.options) {
      const parts = [`complete -c apictl -n ${single(depth === 0 ? '__fish_use_subcommand' : here)}`]
      if (option.long) parts.push(`-l ${option.long.slice(2)}`)
      if (option.short) parts.push(`-s ${option.short.slice(1)}`)
      if (option.takesValue) {
        // -x: a value, and no file names among the offers (fish offers files for -r alone).
        if (option.long && FILE_OPTIONS.has(option.long)) parts.push('-r -F')
        else parts.push('-x')
        if (option.long === '--profile') parts.push(`-a ${single(`(${PROFILE_NAMES})`)}`)
        else if (option.choices) parts.push(`-a ${single(option.choices.join(' '))}`)
      }
      parts.push(`-d ${single(option.description)}`)
      lines.push(parts.join(' '))
    }
    if (spec.fromDocument) {
      // Its methods first, then the OpenAPI document's paths and fields: `apictl __complete` knows where the line is.
      lines.push(
        `complete -c apictl -n ${single(here)} -a ${single(`(${COMPLETE} -- (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null)`)}`,
      )
    } else if (spec.firstArgument) {
      lines.push(`complete -c apictl -n ${single(here)} -a ${single(spec.firstArgument.join(' '))}`)
    }
  }
  return `${lines.join('\n')}\n`
}
