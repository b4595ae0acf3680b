// One `deckcli` command (one verb, one file): `command({ path, flags, run(opts, ctx) })`.
import type { AnyFlags } from 'meow';
import { defineCommand, type CommandSpec, type Options } from '../lib/command.ts';
import type { CliCommand } from '../lib/dispatch.ts';
import type { Context, GlobalFlags } from './context.ts';

export type Command = CliCommand<Context>;
export type CommandOptions<F extends AnyFlags = {}> = Options<F, GlobalFlags>;

export function command<const F extends AnyFlags = {}>(spec: CommandSpec<Context, GlobalFlags, F>): Command {
  return defineCommand(spec);
}
