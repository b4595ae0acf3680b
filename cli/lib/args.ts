// Flag parsing on top of meow, with our exit codes: an unknown flag or a missing value
// is a usage error (exit 1) naming the flag, instead of meow's own exit. The client CLIs'
// dispatch turns an unknown flag (UnknownOptionError) into exit 2 with `Did you mean`.
// meow is imported on first use: its dependencies (package.json normalisation, SPDX tables)
// cost a third of a cold start, and `--help` or an unknown command never parse flags.
import type meow from 'meow';
import type { AnyFlags } from 'meow';
import { CliError, EXIT } from './errors.ts';

/** An option no flag of the command declares; dispatch turns it into a suggestion (`known`: every spelling it takes). */
export class UnknownOptionError extends CliError {
  constructor(
    readonly option: string,
    readonly known: string[],
    usage: string,
  ) {
    super(`unknown option ${option}\n\n${usage}`, EXIT.usage, 'usage');
  }
}

const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/** How each flag is written on the command line: `--name` (and its aliases), `--no-name` for a boolean. */
export function flagSpellings(flags: AnyFlags): string[] {
  return Object.entries(flags).flatMap(([k, def]) => {
    const names = [k, ...((def as { aliases?: string[] }).aliases ?? [])].map((n) => '--' + kebab(n));
    return (def as { type?: string }).type === 'boolean' ? [...names, ...names.map((n) => n.replace(/^--/, '--no-'))] : names;
  });
}

export interface Parsed<F extends AnyFlags> {
  input: string[];
  flags: ReturnType<typeof meow<F>>['flags'];
}

/**
 * `command` is the tool and its command words (`podium start`, `hackathon tui`): the process's
 * title from here on, as ps, top and pkill show it.
 */
export async function parseArgs<F extends AnyFlags>(argv: string[], flags: F, usage: string, command: string): Promise<Parsed<F>> {
  const { default: meowParse } = await import('meow');
  // pkg given: meow need not look for and normalise a package.json (no help or version of its own here).
  const cli = meowParse(usage, { importMeta: import.meta, pkg: {}, argv, flags, allowUnknownFlags: true, autoHelp: false, autoVersion: false });
  // meow sets process.title from pkg's name, here '', which overwrites the command line the
  // kernel shows: the server was a nameless line in ps and top. The command words only, never
  // the flags (a flag may carry a secret).
  process.title = command;
  const known = new Set(
    Object.entries(flags).flatMap(([k, def]) => [k, kebab(k), ...(((def as { aliases?: string[] }).aliases ?? []).flatMap((a) => [a, kebab(a)]))]),
  );
  for (const k of Object.keys(cli.unnormalizedFlags)) {
    if (!known.has(k) && !known.has(k.replace(/-([a-z])/g, (_, c) => c.toUpperCase()))) {
      const typed = argv.find((a) => a === `--no-${k}` || a.startsWith(`--no-${k}=`)) ?? (k.length === 1 ? `-${k}` : `--${k}`);
      throw new UnknownOptionError(typed.split('=')[0], flagSpellings(flags), usage);
    }
  }
  // meow reads `--workspace` with nothing after it (or another option next) as '': refuse it,
  // or e.g. `key create --workspace` would silently mint an unpinned key.
  for (const [k, def] of Object.entries(flags)) {
    if ((def as { type?: string }).type !== 'string') continue;
    const name = '--' + kebab(k);
    const spellings = [name, '--' + k, ...((def as { aliases?: string[] }).aliases ?? []).map((a) => '--' + a)];
    const i = argv.findIndex((a) => spellings.includes(a));
    if (i !== -1 && (i + 1 >= argv.length || /^--?[^-\d]|^--$/.test(argv[i + 1]))) {
      throw new CliError(`${name} needs a value\n\n${usage}`, EXIT.usage, 'usage');
    }
  }
  return { input: cli.input, flags: cli.flags };
}

export function requireFlag<T>(value: T | undefined, name: string): T {
  if (value === undefined || value === '') throw new CliError(`--${name} is required`, EXIT.usage, 'usage');
  return value;
}

/** The command's one positional argument (URL-encoded for a path), else a usage error. */
export function onePathArg(input: string[], what: string): string {
  const [value] = input;
  if (!value || input.length > 1) throw new CliError(`name exactly one ${what}`, EXIT.usage, 'usage');
  return encodeURIComponent(value);
}
