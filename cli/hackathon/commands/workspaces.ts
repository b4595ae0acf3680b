import { command } from '../command.ts';
import type { Workspaces } from '../../../core/wire/identity.ts';

export const workspaces = command({
  path: 'workspaces',
  summary: 'List your workspaces (the default is marked)',
  usage: 'Usage: hackathon workspaces [--json]',
  async run(opts, ctx) {
    const r = await (await ctx.bareClient()).request<Workspaces>('GET', '/api/v1/workspaces');
    if (ctx.json) return ctx.printJson(r);
    if (r.items.length === 0) return ctx.out('You belong to no workspace yet');
    const w = Math.max(...r.items.map((x) => x.name.length));
    for (const x of r.items) {
      ctx.out(`${x.isDefault ? '*' : ' '} ${x.name.padEnd(w)}  ${x.id}  ${x.role.padEnd(6)}${x.organizationId ? `  organization ${x.organizationId}` : ''}`);
    }
  },
});
