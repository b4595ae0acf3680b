// decks preview [--team <name>]: what the team's jury and community decks would say, built now
// from its last accepted push (not frozen evidence), so it can fix its README before the freeze.
// Participants preview their own team; organizers name one with --team. Nothing is stored.
import type { DeckPreview } from '../../../../core/decks/preview.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { DECKS } from './generated.ts';

export const decksPreview = command({
  path: 'decks preview',
  summary: 'Preview the team\'s jury and community decks from its last accepted push',
  usage: 'Usage: hackathon decks preview [--team <name>] [--json]',
  flags: { team: { type: 'string' } },
  async run(opts, ctx) {
    if (opts.args.length) throw new CliError(`unexpected argument ${opts.args[0]}`, EXIT.usage, 'usage');
    if (opts.team !== undefined && !opts.team.trim()) throw new CliError('--team needs a team name', EXIT.rejected, 'invalid_input');
    const p = await (await ctx.client()).request<DeckPreview>('GET', `${DECKS}/preview${opts.team ? `?team=${encodeURIComponent(opts.team.trim())}` : ''}`);
    if (ctx.json) return ctx.printJson(p);
    ctx.out(`Team ${p.team.name}: ${p.mark.toUpperCase()}`);
    ctx.out(`${p.notice}.`);
    for (const d of p.decks) {
      ctx.out('');
      ctx.out(`${d.kind} deck (${p.mark})`);
      d.screens.forEach((s, i) => {
        ctx.out(`${i + 1}. ${s.heading}`);
        for (const c of s.claims) ctx.out(`   - ${c.unverified || !c.cite ? '[unverified] ' : ''}${c.text}${c.cite ? ` (${c.cite})` : ''}`);
      });
      if (d.findings.length) {
        ctx.out(`Findings: ${d.findings.length}`);
        for (const f of d.findings) ctx.out(`  - ${f.code}: ${f.message}`);
      }
    }
  },
});
