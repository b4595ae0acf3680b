// How a client command is declared (cli/cli's `NewCmdX(f, runF)` / `xRun(opts)` is the model):
// its flags once, as meow declarations, and `run(opts, ctx)` where `opts` is the typed
// options object dispatch parsed from them (a string flag is `string | undefined`, a
// repeated one `string[] | undefined`, a boolean `boolean`), with the global flags and the
// positional arguments; `ctx` carries io and the tool's dependencies (profile, credential,
// wire client). Checks that refuse input stay in `run`, in the order they ran before, so
// every exit code and message is the one the command always had.
import type { AnyFlags, TypedFlags } from 'meow';
import type { CliCommand } from './dispatch.ts';

/** What `run` receives: the command's flags and the global ones, typed, and its positional arguments. */
export type Options<F extends AnyFlags, G> = TypedFlags<F> & G & { args: string[] };

export interface CommandSpec<C, G, F extends AnyFlags> {
  path: string;
  summary: string;
  usage: string;
  flags?: F;
  /** A number is the exit code (a report like doctor's exits non-zero without an error line). */
  run(opts: Options<F, G>, ctx: C): Promise<void | number>;
}

/** The command as dispatch runs it; its flags were parsed with exactly `spec.flags` and the globals. */
export function defineCommand<C extends { flags: G; input: string[] }, G, F extends AnyFlags>(spec: CommandSpec<C, G, F>): CliCommand<C> {
  return {
    path: spec.path,
    summary: spec.summary,
    usage: spec.usage,
    flags: spec.flags,
    run: (ctx) => spec.run({ ...(ctx.flags as TypedFlags<F> & G), args: ctx.input }, ctx),
  };
}
