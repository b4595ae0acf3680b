// Flag parsing on top of meow, with our exit codes: an unknown flag or a missing value
// is a usage error (exit 1) naming the flag, instead of meow's own exit.
// meow is imported on first use: its dependencies (package.json normalisation, SPDX tables)
// cost a third of a cold start, and `--help` or an unknown command never parse flags.
import type meow from 'meow';
import type { AnyFlags } from 'meow';
import { CliError, EXIT } from './errors.ts';

export interface Parsed<F extends AnyFlags> {
  input: string[];
  flags: ReturnType<typeof meow<F>>['flags'];
}

export async function parseArgs<F extends AnyFlags>(argv: string[], flags: F, usage: string): Promise<Parsed<F>> {
  const { default: meowParse } = await import('meow');
  // pkg given: meow need not look for and normalise a package.json (no help or version of its own here).
  const cli = meowParse(usage, { importMeta: import.meta, pkg: {}, argv, flags, allowUnknownFlags: true, autoHelp: false, autoVersion: false });
  const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
  const known = new Set(
    Object.entries(flags).flatMap(([k, def]) => [k, kebab(k), ...(((def as { aliases?: string[] }).aliases ?? []).flatMap((a) => [a, kebab(a)]))]),
  );
  for (const k of Object.keys(cli.unnormalizedFlags)) {
    if (!known.has(k) && !known.has(k.replace(/-([a-z])/g, (_, c) => c.toUpperCase()))) {
      throw new CliError(`unknown option --${k}\n\n${usage}`, EXIT.usage);
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
      throw new CliError(`${name} needs a value\n\n${usage}`, EXIT.usage);
    }
  }
  return { input: cli.input, flags: cli.flags };
}

export function requireFlag<T>(value: T | undefined, name: string): T {
  if (value === undefined || value === '') throw new CliError(`--${name} is required`, EXIT.usage);
  return value;
}

/** The command's one positional argument (URL-encoded for a path), else a usage error. */
export function onePathArg(input: string[], what: string): string {
  const [value] = input;
  if (!value || input.length > 1) throw new CliError(`name exactly one ${what}`, EXIT.usage);
  return encodeURIComponent(value);
}
