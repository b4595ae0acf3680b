// One `podium` command (one command, one file): `command({ path, flags, run(opts, ctx) })`,
// the typed options of the client CLIs (cli/lib/command.ts): `run` gets the options main
// parsed from `flags`, typed (a string flag is `string | undefined`, a boolean `boolean`),
// with the positional arguments in `opts.args`; `ctx` is io and the configuration, no flag bag.
import type { AnyFlags } from 'meow';
import type { Config } from '../../core/config.ts';
import { defineCommand, type CommandSpec, type Options } from '../lib/command.ts';
import type { CliCommand } from '../lib/dispatch.ts';
import type { Io } from '../lib/io.ts';

/** What a command may use besides its options. */
export interface Context {
  io: Io;
  config: () => Config; // read lazily: `podium --help` needs no configuration
}

/** What main hands a command: the context, and the flags and arguments it parsed for it. */
export interface ParsedContext extends Context {
  flags: Record<string, unknown>;
  input: string[];
}

export type Command = CliCommand<ParsedContext>;
export type CommandOptions<F extends AnyFlags = {}> = Options<F, {}>;

export function command<const F extends AnyFlags = {}>(spec: CommandSpec<Context, {}, F>): Command {
  return defineCommand<ParsedContext, {}, F>(spec);
}
