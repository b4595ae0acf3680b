// The command loop both client CLIs share: help by noun, command lookup (longest path wins),
// suggestions for what it does not know, shell completion, flag parsing with the global
// options, and typed errors to stderr with their exit code (`--json` runs print
// `{ error: { code, message } }` there instead).
//
// Commands are registered lazily: each noun's commands/<noun>/index.ts lists its verbs (path,
// summary, the flags completion offers, examples) with `load: () => import('./verb.ts')`, so
// the top-level and noun help, completion and suggestions never load a command module; only
// the command that runs, or whose own `--help` is asked (its usage and meow flags live in its
// module), is imported. The bundle (scripts/build-cli.ts) keeps each import a chunk of its own.
import type { AnyFlag, AnyFlags } from 'meow';
import type { UnknownOptionError } from './args.ts';
import { CliError, errorLine, EXIT, exitCodeOf, isReported } from './errors.ts';
import type { Io } from './io.ts';
import { paintedErrorLine } from './colour.ts';

export type { CliCommand, CliSpec, CommandEntry, Noun } from './registry.ts';
import type { CliSpec, CommandEntry, Noun } from './registry.ts';

const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/** The `flags` of a CommandEntry, from meow flags (for the globals, and for the test that keeps the entries true). */
export function completionFlags(flags: AnyFlags = {}): string[] {
  return Object.entries(flags).flatMap(([k, def]) => {
    const d = def as AnyFlag;
    const names = [k, ...(d.aliases ?? [])].map((n) => '--' + kebab(n));
    if (d.type !== 'boolean') return names.map((n) => n + '=');
    return d.default === true ? names.map((n) => n.replace(/^--/, '--no-')) : names;
  });
}

const isNoun = <C>(item: Noun<C> | CommandEntry<C>): item is Noun<C> => 'commands' in item;

/** Every command of the CLI with the built-in help and completion, for lookup and completion. */
export function allCommands<C>(spec: CliSpec<C>): CommandEntry<C>[] {
  return [...spec.groups.flatMap((g) => g.items.flatMap((i) => (isNoun(i) ? i.commands : [i]))), ...builtins(spec.name)];
}

function builtins<C>(name: string): CommandEntry<C>[] {
  const none = () => Promise.reject(new Error('built in'));
  return [
    { path: 'help', summary: 'Help for a command or a noun: its verbs, flags and examples', examples: [`${name} help`, `${name} help ${name === 'deckcli' ? 'share' : 'event roster'}`], load: none },
    { path: 'completion', summary: 'Print the tab completion script for bash, zsh or fish', examples: [`source <(${name} completion bash)`, `${name} completion fish > ~/.config/fish/completions/${name}.fish`], load: none },
  ];
}

/** Rows `  left  right`, the left column padded to the widest. */
function rows(items: [string, string][], indent = '  '): string {
  const w = Math.max(...items.map(([l]) => l.length));
  return items.map(([l, r]) => `${indent}${l.padEnd(w)}  ${r}`.trimEnd()).join('\n');
}

function topHelp<C>(spec: CliSpec<C>): string {
  const sections = [...spec.groups, { title: 'Help', items: builtins<C>(spec.name) }];
  const w = Math.max(...sections.flatMap((g) => g.items.map((i) => (isNoun(i) ? i.name : i.path).length)));
  const body = sections
    .map((g) => `${g.title}:\n${g.items.map((i) => `  ${(isNoun(i) ? i.name : i.path).padEnd(w)}  ${i.summary}`).join('\n')}`)
    .join('\n\n');
  return (
    `${spec.name} ${spec.version}: ${spec.title}\n\nUsage: ${spec.name} <command> [<verb>] [options]\n\n${body}\n\n` +
    `Run '${spec.name} <command> --help' for its verbs, flags and examples.\n\n${spec.globalHelp}\n`
  );
}

const under = <C>(commands: CommandEntry<C>[], prefix: string) => commands.filter((c) => c.path.startsWith(prefix + ' '));

/** The verbs under a noun (or a sub-noun, or a command that is also one: `teams members`), grouped by sub-noun. */
function verbList<C>(commands: CommandEntry<C>[], prefix: string): string {
  const groups = new Map<string, [string, string][]>();
  for (const c of under(commands, prefix)) {
    const rel = c.path.slice(prefix.length + 1);
    const group = rel.includes(' ') ? rel.split(' ')[0] : '';
    groups.set(group, [...(groups.get(group) ?? []), [rel, c.summary]]);
  }
  const w = Math.max(...[...groups.values()].flat().map(([l]) => l.length));
  const order = [...groups.keys()].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : 0));
  return order
    .map((g) => `${g === '' ? 'Verbs' : `${g[0].toUpperCase()}${g.slice(1)} verbs`}:\n${groups.get(g)!.map(([l, r]) => `  ${l.padEnd(w)}  ${r}`).join('\n')}`)
    .join('\n\n');
}

function nounHelp<C>(spec: CliSpec<C>, prefix: string): string {
  const noun = spec.groups.flatMap((g) => g.items).find((i): i is Noun<C> => isNoun(i) && i.name === prefix);
  return (
    `${spec.name} ${prefix}${noun ? `: ${noun.summary}` : ''}\n\nUsage: ${spec.name} ${prefix} <verb> [options]\n\n` +
    `${verbList(allCommands(spec), prefix)}\n\nRun '${spec.name} ${prefix} <verb> --help' for its flags and examples.\n`
  );
}

/** `--name  string, repeatable, default x` for each flag of the command, from its meow declaration. */
function flagTable(flags: AnyFlags): string {
  const items = Object.entries(flags).map(([k, def]): [string, string] => {
    const d = def as AnyFlag;
    const spell = ['--' + kebab(k), ...(d.aliases ?? []).map((a) => '--' + kebab(a))].join(', ');
    const notes: string[] = [d.type ?? 'string'];
    if (d.isMultiple) notes.push('repeatable');
    if (d.default !== undefined) notes.push(`default ${JSON.stringify(d.default)}`);
    if (d.type === 'boolean' && d.default === true) notes.push(`--no-${kebab(k)} turns it off`);
    return [spell, notes.join(', ')];
  });
  return rows(items);
}

async function leafHelp<C>(spec: CliSpec<C>, entry: CommandEntry<C>): Promise<string> {
  const cmd = await entry.load();
  const parts = [cmd.summary, cmd.usage];
  if (cmd.flags && Object.keys(cmd.flags).length) parts.push(`Flags:\n${flagTable(cmd.flags)}`);
  if (under(allCommands(spec), entry.path).length) parts.push(verbList(allCommands(spec), entry.path));
  parts.push(spec.globalHelp);
  parts.push(`Examples:\n${entry.examples.map((e) => `  $ ${e}`).join('\n')}`);
  return parts.join('\n\n') + '\n';
}

const COMPLETION_USAGE = (name: string) =>
  `Print the tab completion script for ${name}: nouns, verbs, flags and profile names.\n\n` +
  `Usage: ${name} completion bash|zsh|fish\n\nInstall:\n` +
  `  bash  echo 'source <(${name} completion bash)' >> ~/.bashrc\n` +
  `  zsh   ${name} completion zsh > "\${fpath[1]}/_${name}"   (then start a new shell; or add: source <(${name} completion zsh) after compinit in ~/.zshrc)\n` +
  `  fish  ${name} completion fish > ~/.config/fish/completions/${name}.fish\n`;

/** The words the user typed before the first option: the command path, then positional arguments. */
const leadingWords = (argv: string[]) => {
  const i = argv.findIndex((a) => a.startsWith('-'));
  return i === -1 ? argv : argv.slice(0, i);
};

/** The longest registered path the words start with. */
function lookup<C>(commands: CommandEntry<C>[], words: string[]): CommandEntry<C> | undefined {
  return [...commands]
    .sort((a, b) => b.path.split(' ').length - a.path.split(' ').length)
    .find((c) => c.path.split(' ').every((w, i) => words[i] === w));
}

/** How many leading words name a noun (or sub-noun) that has verbs. */
function nounDepth<C>(commands: CommandEntry<C>[], words: string[]): number {
  let k = 0;
  while (k < words.length && under(commands, words.slice(0, k + 1).join(' ')).length) k++;
  return k;
}

async function unknownCommand<C>(spec: CliSpec<C>, words: string[], k: number): Promise<CliError> {
  const { didYouMean, nearest } = await import('./suggest.ts');
  const commands = allCommands(spec);
  const prefix = words.slice(0, k).join(' ');
  const scope = k === 0 ? commands : under(commands, prefix);
  // `roster import` for `event roster import`: the typed words are the end of a longer path.
  let suggestions: string[] = [];
  for (let n = Math.min(3, words.length - k); n >= 1 && suggestions.length === 0; n--) {
    const tail = ' ' + words.slice(k, k + n).join(' ');
    suggestions = scope.filter((c) => c.path.endsWith(tail)).map((c) => c.path);
  }
  if (suggestions.length === 0) {
    const children = [...new Set(scope.map((c) => c.path.split(' ')[k]))];
    suggestions = nearest(words[k], children).map((w) => (prefix ? `${prefix} ${w}` : w));
  }
  const what = k === 0 ? `unknown command "${words[0]}"` : `unknown verb "${words[k]}" for "${spec.name} ${prefix}"`;
  const hint = didYouMean(suggestions.slice(0, 3).map((s) => `${spec.name} ${s}`));
  const more = `Run '${spec.name}${prefix ? ` ${prefix}` : ''} --help' for ${k === 0 ? 'the commands' : 'its verbs'}.`;
  return new CliError([what, hint, more].filter(Boolean).join('\n'), EXIT.rejected, 'unknown_command');
}

async function unknownOption<C>(spec: CliSpec<C>, path: string | null, err: UnknownOptionError): Promise<CliError> {
  const { didYouMean, nearest } = await import('./suggest.ts');
  const hint = didYouMean(nearest(err.option, err.known).filter((s) => s !== err.option));
  const more = path ? `Run '${spec.name} ${path} --help' for its flags.` : `Run '${spec.name} --help' for the commands; options go after them.`;
  return new CliError([`unknown option ${err.option}${path ? ` for "${spec.name} ${path}"` : ''}`, hint, more].filter(Boolean).join('\n'), EXIT.rejected, 'unknown_option');
}

async function route<C>(spec: CliSpec<C>, argv: string[], io: Io): Promise<number> {
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  if (argv[0] === '--version') {
    io.stdout.write(spec.version + '\n');
    return EXIT.ok;
  }
  const commands = allCommands(spec);
  const words = leadingWords(argv);
  if (words.length === 0) {
    if (argv.length === 0 || wantsHelp) {
      io.stdout.write(topHelp(spec));
      return EXIT.ok;
    }
    const { flagSpellings, UnknownOptionError } = await import('./args.ts');
    const known = [...flagSpellings(spec.globalFlags), '--help', '--version'];
    if (!known.includes(argv[0].split('=')[0])) throw await unknownOption(spec, null, new UnknownOptionError(argv[0].split('=')[0], known, ''));
    throw new CliError(`name a command first: ${spec.name} <command> [<verb>] [options] (${spec.name} --help lists them)`, EXIT.rejected, 'unknown_command');
  }
  if (words[0] === 'help') {
    const topic = words.slice(1);
    if (topic.length === 0) {
      io.stdout.write(topHelp(spec));
      return EXIT.ok;
    }
    return route(spec, [...topic, '--help'], io);
  }
  if (words[0] === 'completion') {
    if (wantsHelp) {
      io.stdout.write(COMPLETION_USAGE(spec.name));
      return EXIT.ok;
    }
    const shell = words[1];
    if (shell !== 'bash' && shell !== 'zsh' && shell !== 'fish') throw new CliError(`name the shell: ${spec.name} completion bash|zsh|fish`, EXIT.rejected, 'invalid_input');
    const { completionScript } = await import('./completion.ts');
    const nouns = Object.fromEntries(spec.groups.flatMap((g) => g.items.filter(isNoun).map((n) => [n.name, n.summary])));
    io.stdout.write(completionScript(shell, spec.name, commands as CommandEntry<unknown>[], completionFlags(spec.globalFlags), nouns));
    return EXIT.ok;
  }
  if (words[0] === '__complete') {
    // Called by the completion scripts for the words they cannot know offline from the script itself.
    if (words[1] === 'profiles' && spec.profileNames) {
      try {
        for (const n of await spec.profileNames(io.env)) io.stdout.write(n + '\n');
      } catch {
        // an unreadable config completes nothing
      }
    }
    return EXIT.ok;
  }
  const entry = lookup(commands, words);
  if (!entry) {
    const k = nounDepth(commands, words);
    if (k === words.length) {
      io.stdout.write(nounHelp(spec, words.join(' ')));
      return EXIT.ok;
    }
    throw await unknownCommand(spec, words, k);
  }
  if (wantsHelp) {
    io.stdout.write(await leafHelp(spec, entry));
    return EXIT.ok;
  }
  const [cmd, { parseArgs, UnknownOptionError }] = await Promise.all([entry.load(), import('./args.ts')]);
  const rest = argv.slice(entry.path.split(' ').length);
  try {
    const { input, flags } = await parseArgs(rest, { ...spec.globalFlags, ...cmd.flags }, cmd.usage, `${spec.name} ${entry.path}`);
    return (await cmd.run(await spec.context(io, flags as Record<string, unknown>, input, rest))) ?? EXIT.ok;
  } catch (err) {
    if (err instanceof UnknownOptionError) throw await unknownOption(spec, entry.path, err);
    throw err;
  }
}

export async function dispatch<C>(spec: CliSpec<C>, argv: string[], io: Io): Promise<number> {
  const json = argv.includes('--json');
  try {
    return await route(spec, argv, io);
  } catch (err) {
    const exit = exitCodeOf(err);
    if (exit === null || !isReported(err)) throw err;
    if (json) io.stderr.write(JSON.stringify({ error: { code: err.code, message: err.message } }) + '\n');
    else io.stderr.write(paintedErrorLine(io, argv, `${spec.name}: ${errorLine(err)}`));
    return exit;
  }
}
