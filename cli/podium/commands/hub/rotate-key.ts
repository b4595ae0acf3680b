// `podium hub rotate-key`: a new signing key signs from now on; the one before stays
// published for the tokens it signed (they live 90 seconds); older keys are retired.
// Instances fetch the published keys again on the first token of the new key.
import { printJson } from '../../../lib/io.ts';
import { command } from '../../command.ts';
import { withOperatorDb } from '../../db.ts';

export const hubRotateKey = command({
  path: 'hub rotate-key',
  summary: 'Hub: sign with a new key from now on (the previous one stays published)',
  usage: 'Usage: podium hub rotate-key [--json]\n\nRun against the hub\'s database, with the hub\'s AUTH_SECRET (it seals the private key).',
  flags: { json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const { HubSigner } = await import('../../../../core/hub/signer.ts');
    const c = config();
    const r = await withOperatorDb(c, (pool) => new HubSigner(pool, c.authSecret).rotate());
    if (opts.json) return printJson(io, r);
    io.stdout.write(`Signing with key ${r.kid} from now on; published: ${r.published.join(', ')}\n`);
  },
});
