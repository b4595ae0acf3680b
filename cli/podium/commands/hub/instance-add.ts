// `podium hub instance add`: puts an instance behind this hub (run against the hub's
// database). Prints the instance's HUB_INSTANCE_SECRET once; the hub keeps its sha256.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { printJson } from '../../../lib/io.ts';
import { normalizeUrl } from '../../../lib/url.ts';
import { command } from '../../command.ts';
import { withOperatorDb } from '../../db.ts';

export const hubInstanceAdd = command({
  path: 'hub instance add',
  summary: 'Hub: put an instance behind this hub and print its HUB_INSTANCE_SECRET (once)',
  usage: 'Usage: podium hub instance add <instance PUBLIC_URL> --name <name> [--json]\n\nRun against the hub\'s database. Adding an instance again replaces its secret.',
  flags: { name: { type: 'string' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const [raw] = opts.args;
    if (!raw || opts.args.length > 1) throw new CliError('name the instance by its PUBLIC_URL', EXIT.usage, 'usage');
    const url = normalizeUrl(raw, 'the instance URL');
    const name = opts.name?.trim();
    if (!name) throw new CliError('--name is required (shown to people in the hub\'s sentences)', EXIT.usage, 'usage');
    const { randomToken, sha256 } = await import('../../../../core/crypto.ts');
    const secret = randomToken(32);
    const r = await withOperatorDb(config(), async (pool) => (await pool.query('select hub_private.register_instance($1, $2, $3) as r', [url, name, sha256(secret)])).rows[0].r);
    if (opts.json) return printJson(io, { ...r, secret });
    io.stdout.write(`${r.name} (${r.url}) is behind this hub. Start it with:\n\n  HUB_URL=${config().publicUrl} HUB_INSTANCE_SECRET=${secret}\n\nThe secret is shown this once.\n`);
  },
});
