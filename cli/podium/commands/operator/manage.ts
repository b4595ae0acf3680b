// `podium operator add|remove|list`: who holds the instance-operator power: reading
// the mail outbox on the web (/operator/mail), every tenant's sign-in codes included. It is
// given on purpose, here or by `podium setup` (the first owner), never by a workspace role.
// The operator CLI already holds the database, so these commands need no account of their own.
import os from 'node:os';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { printJson } from '../../../lib/io.ts';
import { withOperatorDb } from '../../db.ts';
import { command } from '../../command.ts';

const EMAIL = /^[^@\s]+@[^@\s]+$/;

interface OperatorRow {
  email: string;
  name: string | null;
  addedAt: string;
  addedBy: string;
}

/** Who ran an operator command, as the records name them: the OS account and host. */
export function operatorCliName(): string {
  return `podium CLI (${os.userInfo().username}@${os.hostname()})`;
}

function oneEmail(args: string[], verb: string): string {
  const [email, ...extra] = args;
  if (!email) throw new CliError(`name the account: podium operator ${verb} <email>`, EXIT.usage, 'usage');
  if (extra.length) throw new CliError(`one account at a time: unexpected ${extra.join(' ')}`, EXIT.usage, 'usage');
  if (!EMAIL.test(email.trim())) throw new CliError(`not an email address: ${email}`, EXIT.rejected, 'invalid_input');
  return email.trim();
}

export const operatorAdd = command({
  path: 'operator add',
  summary: 'Give an account the instance-operator power: reading the mail outbox on the web',
  usage:
    'Usage: podium operator add <email> [--json]\n\n' +
    'The account reads /operator/mail in a browser session of its own: every mail this instance keeps\n' +
    'instead of sending (EMAIL_DRIVER=outbox), sign-in codes of every workspace included, so it can sign\n' +
    'in as anyone. Give it only to who runs the instance. Every mail opened is recorded (podium mail audit).',
  flags: { json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const email = oneEmail(opts.args, 'add');
    const r = await withOperatorDb(config(), async (pool) =>
      (await pool.query<{ r: { email: string; added: boolean } }>('select app_private.operator_add($1, $2) as r', [email, operatorCliName()])).rows[0]!.r);
    if (opts.json) return printJson(io, r);
    io.stdout.write(r.added
      ? `${r.email} is now an instance operator: reads the mail outbox at /operator/mail, every workspace's sign-in codes included.\n`
      : `${r.email} already is an instance operator.\n`);
  },
});

export const operatorRemove = command({
  path: 'operator remove',
  summary: 'Take the instance-operator power away from an account',
  usage: 'Usage: podium operator remove <email> [--json]\n\nThe account keeps its workspaces; /operator/mail answers it 403 from its next request.',
  flags: { json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const email = oneEmail(opts.args, 'remove');
    const r = await withOperatorDb(config(), async (pool) =>
      (await pool.query<{ r: { email: string; removed: boolean } }>('select app_private.operator_remove($1) as r', [email])).rows[0]!.r);
    if (opts.json) return printJson(io, r);
    io.stdout.write(r.removed ? `${r.email} is no longer an instance operator.\n` : `${r.email} was not an instance operator: nothing changed.\n`);
  },
});

export const operatorList = command({
  path: 'operator list',
  summary: 'List the instance operators (who reads the mail outbox on the web)',
  usage: 'Usage: podium operator list [--json]\n\nEach operator: email, since when (UTC), and who gave the power (setup, or the podium CLI of an OS account).',
  flags: { json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    if (opts.args.length) throw new CliError(`podium operator list takes no argument: unexpected ${opts.args.join(' ')}`, EXIT.usage, 'usage');
    const items = await withOperatorDb(config(), async (pool) =>
      (await pool.query<{ r: OperatorRow[] }>('select app_private.operator_list() as r')).rows[0]!.r);
    if (opts.json) return printJson(io, { items, nextCursor: null });
    if (!items.length) {
      io.stdout.write('No instance operator: nobody reads the mail outbox on the web (podium operator add <email> gives the power).\n');
      return;
    }
    const w = Math.max(...items.map((o) => o.email.length), 5);
    io.stdout.write(`${'EMAIL'.padEnd(w)}  ${'SINCE (UTC)'.padEnd(19)}  GIVEN BY\n`);
    for (const o of items) io.stdout.write(`${o.email.padEnd(w)}  ${o.addedAt.slice(0, 19).replace('T', ' ')}  ${o.addedBy}\n`);
  },
});
