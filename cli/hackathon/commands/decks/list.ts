// decks list: every generated deck of the event, every version: id, kind, version, review, release, team.
import type { GeneratedDeckRow } from '../../../../core/wire/decks.ts';
import { table } from '../../../lib/table.ts';
import { command } from '../../command.ts';
import { DECKS } from './generated.ts';

export const decksList = command({
  path: 'decks list',
  summary: 'Every generated deck of the event, every version',
  usage: 'Usage: hackathon decks list [--json]',
  async run(opts, ctx) {
    const r = await (await ctx.client()).call('GET /api/v1/event/decks');
    if (ctx.json) return ctx.printJson(r);
    if (r.items.length === 0) return ctx.out('No generated deck yet: hackathon decks generate');
    const release = (d: GeneratedDeckRow) => `${d.release}${d.invalidated ? ' (invalidated)' : d.evidenceChanged ? ' (evidence changed)' : ''}`;
    const rows = r.items.map((d) => [d.id, d.kind, `v${d.version}`, ctx.paint.state(d.review), ctx.paint.state(release(d)), d.team.name]);
    for (const line of table(['ID', 'KIND', 'VERSION', 'REVIEW', 'RELEASE', 'TEAM'], rows, { paint: ctx.paint })) ctx.out(line);
  },
});
