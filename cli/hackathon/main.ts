// `hackathon`: the hackathon event client. Talks only the wire contract. Global options
// are read by every command; data goes to stdout, progress and errors to stderr.
import type { AnyFlags } from 'meow';
import { parseArgs } from '../lib/args.ts';
import { CliError, EXIT } from '../lib/errors.ts';
import { processIo, type Io } from '../lib/io.ts';
import type { Command } from './command.ts';
import { Context, VERSION } from './context.ts';
import { login } from './commands/login.ts';
import { logout } from './commands/logout.ts';
import { profiles } from './commands/profiles.ts';
import { use } from './commands/use.ts';
import { whoami } from './commands/whoami.ts';
import { workspaceDefault } from './commands/workspace/default.ts';
import { workspaces } from './commands/workspaces.ts';

export const COMMANDS: Command[] = [login, logout, use, profiles, whoami, workspaces, workspaceDefault];

const GLOBAL_FLAGS: AnyFlags = {
  apiUrl: { type: 'string', aliases: ['url'] },
  apiKey: { type: 'string' },
  apiKeyStdin: { type: 'boolean' },
  profile: { type: 'string' },
  org: { type: 'string' },
  workspace: { type: 'string' },
  json: { type: 'boolean' },
};

const GLOBAL_HELP = `Global options:
  --api-url <url> (--url)   instance address (or EVENT_URL)
  --api-key <key>           key on the command line (visible to other processes; prefer --api-key-stdin or EVENT_API_KEY)
  --api-key-stdin           read the key from the first line of stdin
  --profile <name>          profile to use
  --workspace <id or name>  workspace of the instance (or EVENT_WORKSPACE)
  --org <id or name>        cloud organization (or EVENT_ORG)
  --json                    print the wire payload`;

function help(): string {
  const w = Math.max(...COMMANDS.map((c) => c.path.length));
  return `hackathon ${VERSION}: the Podium hackathon event client\n\nUsage: hackathon <command> [options]\n\nCommands:\n${COMMANDS.map((c) => `  ${c.path.padEnd(w)}  ${c.summary}`).join('\n')}\n\n${GLOBAL_HELP}\n`;
}

function findCommand(argv: string[]): Command | undefined {
  // Longest path first, so `workspace default` wins over a future `workspace`.
  return [...COMMANDS].sort((a, b) => b.path.split(' ').length - a.path.split(' ').length).find((c) => c.path.split(' ').every((w, i) => argv[i] === w));
}

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    io.stdout.write(help());
    return argv.length === 0 ? EXIT.usage : EXIT.ok;
  }
  if (argv[0] === '--version') {
    io.stdout.write(VERSION + '\n');
    return EXIT.ok;
  }
  const cmd = findCommand(argv);
  if (!cmd) {
    io.stderr.write(`hackathon: unknown command ${argv.slice(0, 2).join(' ')}\n\n${help()}`);
    return EXIT.usage;
  }
  const rest = argv.slice(cmd.path.split(' ').length);
  const json = rest.includes('--json');
  try {
    if (rest.includes('--help')) {
      io.stdout.write(`${cmd.usage}\n\n${GLOBAL_HELP}\n`);
      return EXIT.ok;
    }
    const { input, flags } = parseArgs(rest, { ...GLOBAL_FLAGS, ...cmd.flags }, cmd.usage);
    await cmd.run(new Context(io, flags as never, input));
    return EXIT.ok;
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    if (json) io.stderr.write(JSON.stringify({ error: { code: err.code ?? 'error', message: err.message } }) + '\n');
    else io.stderr.write(`hackathon: ${err.message}${err.code && !err.message.includes(err.code) ? ` (${err.code})` : ''}\n`);
    return err.exitCode;
  }
}
