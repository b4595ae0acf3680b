// `deckcli response <deckId> <responseId>`: the current answer and every kept revision.
import { CliError, EXIT } from '../../lib/errors.ts';
import { command } from '../command.ts';
import { linkLabel } from './response-shape.ts';

export const response = command({
  path: 'response',
  summary: 'One response: its current answer and every kept revision',
  usage: 'Usage: deckcli response <deckId> <responseId> [--json]',
  async run(opts, ctx) {
    const [id, rid] = opts.args;
    if (!id || !rid || opts.args.length > 2) throw new CliError('name a deck id and a response id', EXIT.usage, 'usage');
    const r = await (await ctx.client()).call('GET /api/v1/presentations/:id/responses/:responseId', { params: { id: encodeURIComponent(id), responseId: encodeURIComponent(rid) } });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Response ${r.id} to form ${r.form} (${r.source}${r.placement ? `, placement ${r.placement}` : ''})`);
    ctx.out(`Current answer (${r.editedAt ? `edited ${r.editedAt}` : `created ${r.createdAt}`}):`);
    ctx.out(`  ${JSON.stringify(r.answers)}`);
    ctx.out(`Revisions kept: ${r.revisionsKept.length}`);
    for (const v of r.revisionsKept) ctx.out(`  #${v.revision} ${v.writtenAt} via ${linkLabel(v.link)}: ${JSON.stringify(v.answers)}`);
  },
});
