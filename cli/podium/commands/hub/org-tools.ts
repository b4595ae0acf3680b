// `podium hub org tools`: which tools an organization opens on its instance.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { printJson } from '../../../lib/io.ts';
import { command } from '../../command.ts';
import { withOperatorDb } from '../../db.ts';
import { tools } from './tools.ts';

export const hubOrgTools = command({
  path: 'hub org tools',
  summary: 'Hub: set the tools an organization opens',
  usage: 'Usage: podium hub org tools <organization id or name> --tools deck,hackathon [--json]   (--tools "" opens none)',
  flags: { tools: { type: 'string' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const [org] = opts.args;
    if (!org || opts.args.length > 1 || opts.tools === undefined) throw new CliError('name one organization and --tools', EXIT.usage, 'usage');
    const list = tools(opts.tools);
    const r = await withOperatorDb(config(), async (pool) => (await pool.query('select hub_private.set_organization_tools($1, $2) as r', [org, list])).rows[0].r);
    if (opts.json) return printJson(io, r);
    io.stdout.write(`${r.name} opens ${r.tools.length ? r.tools.join(', ') : 'no tool'}\n`);
  },
});
