// One `hackathon` command (one command, one file).
import type { CliCommand } from '../lib/dispatch.ts';
import type { Context } from './context.ts';

export type Command = CliCommand<Context>;
