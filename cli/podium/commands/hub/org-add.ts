// `podium hub org add`: an organization on one instance, opening some tools there.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { printJson } from '../../../lib/io.ts';
import { normalizeUrl } from '../../../lib/url.ts';
import { command } from '../../command.ts';
import { withOperatorDb } from '../../db.ts';
import { tools } from './tools.ts';

export const hubOrgAdd = command({
  path: 'hub org add',
  summary: 'Hub: an organization on an instance, opening tools there (deck, hackathon)',
  usage: 'Usage: podium hub org add <name> --instance <url> --tools deck,hackathon [--json]',
  flags: { instance: { type: 'string' }, tools: { type: 'string' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const [name] = opts.args;
    if (!name || opts.args.length > 1) throw new CliError('name the organization', EXIT.usage, 'usage');
    if (!opts.instance) throw new CliError('--instance <url> is required', EXIT.usage, 'usage');
    const url = normalizeUrl(opts.instance, '--instance');
    const list = tools(opts.tools);
    const r = await withOperatorDb(config(), async (pool) => (await pool.query('select hub_private.create_organization($1, $2, $3) as r', [name, url, list])).rows[0].r);
    if (opts.json) return printJson(io, r);
    io.stdout.write(`Organization ${r.name} (${r.id}) on ${r.instance}, opening ${r.tools.length ? r.tools.join(', ') : 'no tool yet'}\n`);
  },
});

