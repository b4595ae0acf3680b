// One `deckcli` command (one verb, one file): `command({ path, flags, run(opts, ctx) })`.
import type { AnyFlags } from 'meow';
import { defineCommand, type CommandSpec, type Options } from '../lib/command.ts';
import type { CliCommand, CommandEntry, Noun as NounOf } from '../lib/dispatch.ts';
import type { Context, GlobalFlags } from './context.ts';

export type Command = CliCommand<Context>;
/** A verb as commands/<noun>/index.ts registers it (lazily), and a noun with its verbs. */
export type Entry = CommandEntry<Context>;
export type Noun = NounOf<Context>;
export type CommandOptions<F extends AnyFlags = {}> = Options<F, GlobalFlags>;

export function command<const F extends AnyFlags = {}>(spec: CommandSpec<Context, GlobalFlags, F>): Command {
  return defineCommand(spec);
}
