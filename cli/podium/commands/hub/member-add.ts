// `podium hub member add`: an account (made when new) in an organization, with the workspace
// role instances give it there.
import { requireFlag } from '../../../lib/args.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { printJson } from '../../../lib/io.ts';
import { command } from '../../command.ts';
import { withOperatorDb } from '../../db.ts';

const ROLES = ['owner', 'admin', 'member', 'guest'];

export const hubMemberAdd = command({
  path: 'hub member add',
  summary: 'Hub: add an account to an organization (making the account if needed)',
  usage: 'Usage: podium hub member add <organization id or name> <email> --role owner|admin|member|guest [--name <n>] [--json]',
  flags: { role: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const [org, email] = opts.args;
    if (!org || !email || opts.args.length > 2) throw new CliError('name an organization and an email', EXIT.usage, 'usage');
    const role = requireFlag(opts.role, 'role');
    if (!ROLES.includes(role)) throw new CliError(`--role must be one of ${ROLES.join(', ')}, got ${role}`, EXIT.rejected, 'invalid_input');
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new CliError(`not an email address: ${email}`, EXIT.rejected, 'invalid_input');
    const r = await withOperatorDb(config(), async (pool) => (await pool.query('select hub_private.add_organization_member($1, $2, $3, $4) as r', [org, email, role, opts.name ?? null])).rows[0].r);
    if (opts.json) return printJson(io, r);
    io.stdout.write(`${r.email} is ${r.role} of organization ${r.organizationId}\n`);
  },
});
