// decks templates: the two template contracts and the deck service that publishes them.
import { command } from '../../command.ts';
import { DECKS } from './generated.ts';

export const decksTemplates = command({
  path: 'decks templates',
  summary: 'The jury and community deck templates',
  usage: 'Usage: hackathon decks templates [--json]',
  async run(opts, ctx) {
    const r = await (await ctx.client()).call('GET /api/v1/event/decks/templates');
    if (ctx.json) return ctx.printJson(r);
    for (const t of r.items) {
      ctx.out(`${t.kind} (schema v${t.schemaVersion}): ${t.description}, ${t.screens.min} to ${t.screens.max} screens, claims up to ${t.maxClaimChars} characters`);
      t.headings.forEach((h, i) => ctx.out(`  ${i + 1}. ${h.heading}${h.required ? '' : ' (optional)'}`));
    }
    ctx.out(`Published by: deck service ${r.publisher.url} (${r.publisher.version}, wire ${r.publisher.apiVersion})`);
  },
});
