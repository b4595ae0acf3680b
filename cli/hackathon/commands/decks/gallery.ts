// decks gallery: one line per team with the state of its jury and community decks, the
// read-only view of each released deck on its own indented line, then the next useful action
// while a kind is unreleased. Works whatever the vote section says.
import type { Gallery } from '../../../../core/wire/decks.ts';
import { command } from '../../command.ts';
import { DECKS, stateLabel } from './generated.ts';

function nextAction(g: Gallery): string | null {
  const kinds = g.items.flatMap((i) => [{ team: i.team, k: i.jury }, { team: i.team, k: i.community }]);
  const open = kinds.filter((x) => x.k.state !== 'released');
  if (open.length === 0) return null;
  if (g.role !== 'organizer') return 'Next: decks not released yet show as pending; an organizer releases them';
  if (g.voteSection === 'off') return 'Next: hackathon event vote --on (generating, reviewing and releasing decks need the vote section)';
  const first = (state: string) => open.find((x) => x.k.state === state);
  const gen = first('generating');
  if (gen) return 'Next: hackathon decks runs (a generation run is in progress)';
  const redo = open.find((x) => ['none', 'failed', 'invalidated', 'evidence_changed'].includes(x.k.state));
  if (redo) return `Next: hackathon decks generate (${redo.team.name} has ${redo.k.state === 'none' ? 'no deck yet' : `a ${redo.k.state.replace('_', ' ')} deck`})`;
  const review = first('review');
  if (review) return `Next: hackathon decks review ${review.k.deckId} --approve|--reject (${review.team.name})`;
  const pending = first('pending');
  if (pending) return `Next: hackathon decks release ${pending.team.id} (${pending.team.name})`;
  return null;
}

export const decksGallery = command({
  path: 'decks gallery',
  summary: 'Each team\'s jury and community deck state, with released views',
  usage: 'Usage: hackathon decks gallery [--json]',
  async run(opts, ctx) {
    const g = await (await ctx.client()).call('GET /api/v1/event/decks/gallery');
    if (ctx.json) return ctx.printJson(g);
    if (g.items.length === 0) ctx.out('No teams yet.');
    for (const i of g.items) {
      ctx.out(`${i.team.name} jury: ${stateLabel(i.jury)} community: ${stateLabel(i.community)}`);
      for (const [kind, k] of [['jury', i.jury], ['community', i.community]] as const) {
        if (k.state === 'released' && k.view) ctx.out(`  ${kind}: ${k.view}`);
      }
    }
    const next = nextAction(g);
    if (next) ctx.out(next);
  },
});
