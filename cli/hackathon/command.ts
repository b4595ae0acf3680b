// The shape of one `hackathon` command (one command, one file).
import type { AnyFlags } from 'meow';
import type { Context } from './context.ts';

export interface Command {
  path: string; // e.g. 'workspace default'
  summary: string;
  usage: string;
  flags?: AnyFlags;
  run(ctx: Context): Promise<void>;
}
