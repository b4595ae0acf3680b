// The shape of one `podium` command (one command, one file).
import type { AnyFlags } from 'meow';
import type { Config } from '../../core/config.ts';
import type { Io } from '../lib/io.ts';

export interface CommandContext {
  io: Io;
  config: () => Config; // read lazily: `podium --help` needs no configuration
  input: string[];
  flags: Record<string, unknown>;
}

export interface Command {
  path: string; // e.g. 'key create'
  summary: string;
  usage: string;
  flags: AnyFlags;
  run(ctx: CommandContext): Promise<void>;
}
