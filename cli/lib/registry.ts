// The shapes of the command registry both client CLIs share (their own module, so the
// dispatcher and the completion scripts it loads both read them without importing each other).
import type { AnyFlags } from 'meow';
import type { Io } from './io.ts';

/** A command as its module declares it (cli/lib/command.ts `defineCommand`). */
export interface CliCommand<C> {
  path: string;
  summary: string;
  usage: string;
  flags?: AnyFlags;
  /** A number is the exit code (a report like doctor's exits non-zero without an error line). */
  run(ctx: C): Promise<void | number>;
}

/**
 * A verb as its noun registers it, without loading it. `flags` are written as completion
 * offers them: `--name=` takes a value, `--no-name` turns off a boolean that defaults on,
 * `--name` is a switch (test/cli/commands.test.ts checks them against the module's flags).
 */
export interface CommandEntry<C> {
  path: string;
  summary: string;
  flags?: string[];
  /** What completion offers for the positional argument, when it is cheap and offline. */
  complete?: 'profiles';
  /** One or two real command lines, printed under the command's --help. */
  examples: string[];
  load(): Promise<CliCommand<C>>;
}

/** A noun and its verbs (sub-nouns are the verbs' middle words: `event roster import`). */
export interface Noun<C> {
  name: string;
  summary: string;
  commands: CommandEntry<C>[];
}

export interface CliSpec<C> {
  name: string;
  title: string;
  version: string;
  /** The top-level listing: nouns and one-word commands under headings. */
  groups: { title: string; items: (Noun<C> | CommandEntry<C>)[] }[];
  globalFlags: AnyFlags;
  globalHelp: string;
  context(io: Io, flags: Record<string, unknown>, input: string[], argv: string[]): C | Promise<C>;
  /** Profile names for completion (local config only; never the network). */
  profileNames?(env: NodeJS.ProcessEnv): Promise<string[]>;
}
