// `<cli> completion bash|zsh|fish`: a script that completes nouns, verbs and flags from the
// command registry written into it (no process per key press), a file name after an option
// that takes a value, and profile names after `--profile` (and for `hackathon use`) by
// asking `<cli> __complete profiles`, which reads the local config only.
// The script walks the typed words like dispatch does: a word extends the command path while
// it names a child of it; the first option or unknown word ends the path.
import type { CommandEntry } from './registry.ts';

export type Shell = 'bash' | 'zsh' | 'fish';

interface Tree {
  /** path ('' for the top) -> [child word, summary] */
  children: Map<string, [string, string][]>;
  /** path -> completion flags of that command (`--x=` takes a value) */
  flags: Map<string, string[]>;
  profileArgs: string[];
}

function tree(commands: CommandEntry<unknown>[], nouns: Record<string, string>): Tree {
  const children = new Map<string, [string, string][]>();
  const flags = new Map<string, string[]>();
  for (const c of commands) {
    const words = c.path.split(' ');
    for (let i = 0; i < words.length; i++) {
      const parent = words.slice(0, i).join(' ');
      const list = children.get(parent) ?? [];
      if (!list.some(([w]) => w === words[i])) list.push([words[i], i === words.length - 1 ? c.summary : (nouns[words.slice(0, i + 1).join(' ')] ?? '')]);
      else if (i === words.length - 1) list[list.findIndex(([w]) => w === words[i])][1] = c.summary;
      children.set(parent, list);
    }
    if (c.flags?.length) flags.set(c.path, c.flags);
  }
  // The built-ins' own words: the shells, and the commands `help` explains.
  children.set('completion', [['bash', 'Bash script'], ['zsh', 'Zsh script'], ['fish', 'Fish script']]);
  children.set('help', (children.get('') ?? []).filter(([w]) => w !== 'help'));
  return { children, flags, profileArgs: commands.filter((c) => c.complete === 'profiles').map((c) => c.path) };
}

/** A single-quoted word for bash, zsh and fish alike ('...'\''...' in the POSIX shells). */
const posixQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const fishQuote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const fn = (name: string) => name.replace(/[^A-Za-z0-9]/g, '_');

function bash(name: string, t: Tree, globals: string[]): string {
  const f = fn(name);
  const caseOf = (m: Map<string, string[]>) => [...m].map(([p, ws]) => `    ${posixQuote(p)}) echo ${posixQuote(ws.join(' '))} ;;`).join('\n');
  const kids = new Map([...t.children].map(([p, l]) => [p, l.map(([w]) => w)]));
  return `# bash completion for ${name}: source <(${name} completion bash)
__${f}_children() {
  case "$1" in
${caseOf(kids)}
  esac
}
__${f}_flags() {
  case "$1" in
${caseOf(t.flags)}
  esac
  echo ${posixQuote(globals.join(' '))}
}
# Profile names may hold a ':' (127.0.0.1:35010), which COMP_WORDBREAKS splits into words of
# their own: the words are read again from the line split on blanks only, and the candidates
# lose what bash keeps before the last ':' (bash-completion's __ltrim_colon_completions).
__${f}_words() {
  if [[ -n \${COMP_LINE-} ]]; then
    local line="\${COMP_LINE:0:\${COMP_POINT:-\${#COMP_LINE}}}"
    read -ra words <<< "$line"
    [[ -z $line || $line == *[[:space:]] ]] && words+=('')
  else
    words=("\${COMP_WORDS[@]}")
  fi
  cword=$((\${#words[@]} - 1))
}
__${f}_ltrim_colon() {
  if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
    local prefix="\${cur%"\${cur##*:}"}" i
    for i in "\${!COMPREPLY[@]}"; do COMPREPLY[i]="\${COMPREPLY[i]#"$prefix"}"; done
  fi
}
_${f}() {
  local -a words
  local cword
  __${f}_words
  local cur="\${words[cword]}" prev="\${words[cword-1]}"
  local path='' i w kids flag args=0
  for ((i = 1; i < cword; i++)); do
    w="\${words[i]}"
    [[ $w == -* ]] && break
    kids=" $(__${f}_children "$path") "
    [[ $kids == *" $w "* ]] || { args=1; break; }
    path="\${path:+$path }$w"
  done
  COMPREPLY=()
  if [[ $prev == --profile ]]; then
    COMPREPLY=($(compgen -W "$("\${COMP_WORDS[0]}" __complete profiles 2>/dev/null)" -- "$cur"))
    __${f}_ltrim_colon
    return 0
  fi
  for flag in $(__${f}_flags "$path"); do
    [[ $flag == "$prev=" ]] && return 0
  done
  if [[ $cur == -* ]]; then
    kids="$(__${f}_flags "$path")"
    COMPREPLY=($(compgen -W "\${kids//=/}" -- "$cur"))
    return 0
  fi
  kids="$(__${f}_children "$path")"
  if [[ -n $kids && $args == 0 ]]; then
    COMPREPLY=($(compgen -W "$kids" -- "$cur"))
  elif [[ " ${t.profileArgs.map(posixQuote).join(' ')} " == *" '$path' "* ]]; then
    COMPREPLY=($(compgen -W "$("\${COMP_WORDS[0]}" __complete profiles 2>/dev/null)" -- "$cur"))
    __${f}_ltrim_colon
  fi
  return 0
}
complete -o default -F _${f} ${name}
`;
}

function zsh(name: string, t: Tree, globals: string[]): string {
  const f = fn(name);
  const describe = (w: string, s: string) => `${w.replace(/:/g, '\\:')}:${s}`;
  const kidCases = [...t.children].map(([p, l]) => `    ${posixQuote(p)}) reply=(${l.map(([w, s]) => posixQuote(describe(w, s))).join(' ')}) ;;`).join('\n');
  const flagCases = [...t.flags].map(([p, ws]) => `    ${posixQuote(p)}) reply=(${ws.map(posixQuote).join(' ')}) ;;`).join('\n');
  return `#compdef ${name}
# zsh completion for ${name}: ${name} completion zsh > "\${fpath[1]}/_${name}"
__${f}_children() {
  reply=()
  case "$1" in
${kidCases}
  esac
}
__${f}_flags() {
  reply=()
  case "$1" in
${flagCases}
  esac
  reply+=(${globals.map(posixQuote).join(' ')})
}
_${f}() {
  local cmdpath='' w i args=0 cur=\${words[CURRENT]} prev=\${words[CURRENT-1]}
  local -a reply kids flags
  for ((i = 2; i < CURRENT; i++)); do
    w=\${words[i]}
    [[ $w == -* ]] && break
    __${f}_children "$cmdpath"
    kids=(\${reply%%:*})
    (( \${kids[(Ie)$w]} )) || { args=1; break; }
    cmdpath=\${cmdpath:+$cmdpath }$w
  done
  if [[ $prev == --profile ]]; then
    compadd -- \${(f)"$(\${words[1]} __complete profiles 2>/dev/null)"}
    return
  fi
  __${f}_flags "$cmdpath"
  flags=($reply)
  if (( \${flags[(Ie)$prev=]} )); then
    _files
    return
  fi
  if [[ $cur == -* ]]; then
    compadd -- \${flags%=}
    return
  fi
  __${f}_children "$cmdpath"
  if (( $#reply && ! args )); then
    _describe -t commands '${name} command' reply
  elif [[ " ${t.profileArgs.map(posixQuote).join(' ')} " == *" '$cmdpath' "* ]]; then
    compadd -- \${(f)"$(\${words[1]} __complete profiles 2>/dev/null)"}
  else
    _files
  fi
}
if [[ $funcstack[1] == _${f} ]]; then
  _${f} "$@"
else
  compdef _${f} ${name}
fi
`;
}

function fish(name: string, t: Tree, globals: string[]): string {
  const f = fn(name);
  const kidCases = [...t.children]
    .map(([p, l]) => `    case ${fishQuote(p)}\n        printf '%s\\t%s\\n' ${l.map(([w, s]) => `${fishQuote(w)} ${fishQuote(s)}`).join(' ')}`)
    .join('\n');
  const flagCases = [...t.flags].map(([p, ws]) => `    case ${fishQuote(p)}\n        printf '%s\\n' ${ws.map(fishQuote).join(' ')}`).join('\n');
  return `# fish completion for ${name}: ${name} completion fish > ~/.config/fish/completions/${name}.fish
function __${f}_children
    switch $argv[1]
${kidCases}
    end
end
function __${f}_flags
    switch $argv[1]
${flagCases}
    end
    printf '%s\\n' ${globals.map(fishQuote).join(' ')}
end
function __${f}_complete
    set -l words (commandline -opc)
    set -l cur (commandline -ct)
    set -l bin $words[1]
    set -l prev $words[-1]
    set -e words[1]
    set -l cmdpath ''
    set -l args 0
    for w in $words
        string match -q -- '-*' $w; and break
        if not contains -- $w (__${f}_children "$cmdpath" | string replace -r '\\t.*' '')
            set args 1
            break
        end
        set cmdpath (string trim -- "$cmdpath $w")
    end
    if test "$prev" = --profile
        command $bin __complete profiles 2>/dev/null
        return
    end
    set -l flags (__${f}_flags "$cmdpath")
    if contains -- "$prev=" $flags
        __fish_complete_path $cur
        return
    end
    if string match -q -- '-*' $cur
        string replace -r '=$' '' -- $flags
        return
    end
    set -l kids (__${f}_children "$cmdpath")
    if test (count $kids) -gt 0 -a $args = 0
        printf '%s\\n' $kids
    else if contains -- "$cmdpath" ${t.profileArgs.map(fishQuote).join(' ')}
        command $bin __complete profiles 2>/dev/null
    else
        __fish_complete_path $cur
    end
end
complete -c ${name} -f -a '(__${f}_complete)'
`;
}

/** `nouns`: the summary of each noun, for the shells that show one beside the word. */
export function completionScript(shell: Shell, name: string, commands: CommandEntry<unknown>[], globals: string[], nouns: Record<string, string>): string {
  const t = tree(commands, nouns);
  return shell === 'bash' ? bash(name, t, globals) : shell === 'zsh' ? zsh(name, t, globals) : fish(name, t, globals);
}
