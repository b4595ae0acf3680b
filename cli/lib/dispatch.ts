// The command loop both client CLIs share: help, command lookup (longest path wins),
// flag parsing with the global options, and typed errors to stderr with their exit code
// (`--json` runs print `{ error: { code, message } }` there instead).
import type { AnyFlags } from 'meow';
import { parseArgs } from './args.ts';
import { CliError, EXIT } from './errors.ts';
import type { Io } from './io.ts';

export interface CliCommand<C> {
  path: string;
  summary: string;
  usage: string;
  flags?: AnyFlags;
  /** A number is the exit code (a report like doctor's exits non-zero without an error line). */
  run(ctx: C): Promise<void | number>;
}

export interface CliSpec<C> {
  name: string;
  title: string;
  version: string;
  commands: CliCommand<C>[];
  globalFlags: AnyFlags;
  globalHelp: string;
  context(io: Io, flags: Record<string, unknown>, input: string[], argv: string[]): C;
}

function help<C>(spec: CliSpec<C>): string {
  const w = Math.max(...spec.commands.map((c) => c.path.length));
  return `${spec.name} ${spec.version}: ${spec.title}\n\nUsage: ${spec.name} <command> [options]\n\nCommands:\n${spec.commands
    .map((c) => `  ${c.path.padEnd(w)}  ${c.summary}`)
    .join('\n')}\n\n${spec.globalHelp}\n`;
}

export async function dispatch<C>(spec: CliSpec<C>, argv: string[], io: Io): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    io.stdout.write(help(spec));
    return argv.length === 0 ? EXIT.usage : EXIT.ok;
  }
  if (argv[0] === '--version') {
    io.stdout.write(spec.version + '\n');
    return EXIT.ok;
  }
  const cmd = [...spec.commands]
    .sort((a, b) => b.path.split(' ').length - a.path.split(' ').length)
    .find((c) => c.path.split(' ').every((w, i) => argv[i] === w));
  if (!cmd) {
    io.stderr.write(`${spec.name}: unknown command ${argv.slice(0, 2).join(' ')}\n\n${help(spec)}`);
    return EXIT.usage;
  }
  const rest = argv.slice(cmd.path.split(' ').length);
  const json = rest.includes('--json');
  try {
    if (rest.includes('--help')) {
      io.stdout.write(`${cmd.usage}\n\n${spec.globalHelp}\n`);
      return EXIT.ok;
    }
    const { input, flags } = await parseArgs(rest, { ...spec.globalFlags, ...cmd.flags }, cmd.usage);
    return (await cmd.run(spec.context(io, flags as Record<string, unknown>, input, rest))) ?? EXIT.ok;
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    if (json) io.stderr.write(JSON.stringify({ error: { code: err.code ?? 'error', message: err.message } }) + '\n');
    else io.stderr.write(`${spec.name}: ${err.message}${err.code && !err.message.includes(err.code) ? ` (${err.code})` : ''}\n`);
    return err.exitCode;
  }
}
