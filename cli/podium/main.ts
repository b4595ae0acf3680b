// `podium`: the operator's server command. Talks to the database directly (it is the
// operator's tool, run beside the server); every state change is a SQL function.
// Command modules import only what describes them; what they run (the server, the database
// drivers, argon2) is imported inside run(), so help and usage errors answer in a fraction
// of the time the server takes to load.
import { ConfigError, loadConfig, type Config } from '../../core/config.ts';
import { BootError } from '../../ops/boot-error.ts';
import { parseArgs } from '../lib/args.ts';
import { EXIT, exitCodeOf, GENERIC_CLIENT_CODES, isReported } from '../lib/errors.ts';
import { processIo, printJson, type Io } from '../lib/io.ts';
import type { Command } from './command.ts';
import { hubInstanceAdd } from './commands/hub/instance-add.ts';
import { hubMemberAdd } from './commands/hub/member-add.ts';
import { hubOrgAdd } from './commands/hub/org-add.ts';
import { hubOrgTools } from './commands/hub/org-tools.ts';
import { hubRotateKey } from './commands/hub/rotate-key.ts';
import { keyCreate } from './commands/key/create.ts';
import { memberAdd } from './commands/member/add.ts';
import { memberInvite } from './commands/member/invite.ts';
import { migrate } from './commands/migrate.ts';
import { setup } from './commands/setup.ts';
import { start } from './commands/start.ts';
import { workspaceCreate } from './commands/workspace/create.ts';
import { accountErase } from './commands/account/erase.ts';
import { voteRecount } from './commands/vote/recount.ts';
import { mailList } from './commands/mail/list.ts';
import { mailShow } from './commands/mail/show.ts';
import { mailAudit } from './commands/mail/audit.ts';
import { operatorAdd, operatorList, operatorRemove } from './commands/operator/manage.ts';

export const COMMANDS: Command[] = [start, migrate, setup, workspaceCreate, memberAdd, memberInvite, keyCreate, mailList, mailShow, mailAudit, operatorAdd, operatorRemove, operatorList, accountErase, voteRecount, hubInstanceAdd, hubOrgAdd, hubOrgTools, hubMemberAdd, hubRotateKey];

const CONFLICT_CODES = new Set(['already_set_up', 'workspace_exists', 'already_member', 'email_confusable']);

function help(): string {
  const w = Math.max(...COMMANDS.map((c) => c.path.length));
  return `podium: run and administer a Podium server\n\nUsage: podium <command> [options]\n\nCommands:\n${COMMANDS.map((c) => `  ${c.path.padEnd(w)}  ${c.summary}`).join('\n')}\n\nEach command takes --help.\n`;
}

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const cmd = COMMANDS.find((c) => c.path.split(' ').every((w, i) => argv[i] === w));
  if (!cmd) {
    if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
      io.stdout.write(help());
      return argv.length === 0 ? EXIT.usage : EXIT.ok;
    }
    io.stderr.write(`podium: unknown command ${argv.slice(0, 2).join(' ')}\n\n${help()}`);
    return EXIT.usage;
  }
  const rest = argv.slice(cmd.path.split(' ').length);
  const json = rest.includes('--json');
  try {
    if (rest.includes('--help')) {
      io.stdout.write(cmd.usage + '\n');
      return EXIT.ok;
    }
    const { input, flags } = await parseArgs(rest, cmd.flags ?? {}, cmd.usage, `podium ${cmd.path}`);
    let config: Config | null = null;
    await cmd.run({ io, input, flags, config: () => (config ??= loadConfig(io.env)) });
    return EXIT.ok;
  } catch (err) {
    const e = err as { code?: string; detail?: string; message: string };
    // Every error names a code: the CliError's, the SQL refusal's, or the class of the failure
    // (`internal` for anything unexpected, as the server names it).
    let code = 'internal';
    let exit: number = EXIT.usage;
    let message = e.message;
    if (isReported(err)) ((exit = exitCodeOf(err)!), (code = err.code));
    else if (err instanceof ConfigError || err instanceof BootError) ((exit = EXIT.environment), (code = 'environment'));
    else if (e.code === 'PD000' && e.detail) ((code = e.detail), (exit = CONFLICT_CODES.has(e.detail) ? EXIT.conflict : EXIT.rejected));
    else if (e.code === 'ECONNREFUSED') ((exit = EXIT.environment), (code = 'unreachable'), (message = `cannot reach the database: ${e.message}`));
    else if (e.code === '23514' || e.code === '22001') ((code = 'invalid_input'), (exit = EXIT.rejected), (message = `refused by the database: ${(e as { constraint?: string }).constraint ?? e.message}`));
    if (json) printJson({ ...io, stdout: io.stderr }, { error: { code, message } });
    else io.stderr.write(`podium: ${message}${GENERIC_CLIENT_CODES.has(code) || code === 'internal' ? '' : ` (${code})`}\n`);
    return exit;
  }
}
