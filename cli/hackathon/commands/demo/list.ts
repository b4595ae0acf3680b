// demo list: demo passes with expiry, revocation and uses.
import { table } from '../../../lib/table.ts';
import { command } from '../../command.ts';
import { asOwner, OWNER_FLAGS } from './session.ts';
import { Pass } from './shared.ts';

export const demoList = command({
  path: 'demo list',
  summary: 'Demo passes with expiry, revocation and uses',
  usage: 'Usage: hackathon demo list [--owner-email <e>] [--owner-password-stdin] [--json]',
  flags: { ...OWNER_FLAGS },
  async run(opts, ctx) {
    const items = await asOwner(opts, ctx, (c) => c.all<Pass>('/api/v1/demo/passes'));
    if (ctx.json) return ctx.printJson({ items, nextCursor: null });
    if (items.length === 0) return ctx.out('No demo passes');
    const rows = items.map((p) => [p.id, p.email, ctx.when(p.expiresAt), p.revokedAt ? ctx.paint.fail(`revoked ${ctx.when(p.revokedAt)}`) : 'not revoked', `${p.uses} use${p.uses === 1 ? '' : 's'}`]);
    for (const line of table(['ID', 'EMAIL', 'EXPIRES', 'REVOKED', 'USES'], rows, { paint: ctx.paint })) ctx.out(line);
  },
});
