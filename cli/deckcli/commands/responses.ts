// `deckcli responses <deckId>`: the summary (form x link x source x placement, with latest
// activity) first, then the most recent rows; filters; --all; --json; --csv built here
// from the same rows with every cell guarded against formula injection.
import type { FormResponse, ResponseSummaryRow } from '../../../core/wire/deck.ts';
import { isoInstant } from '../../lib/checks.ts';
import { toCsv } from '../../lib/csv.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import { DECK_CONFLICT, nextPageLine, PAGE_FLAGS, readPage } from '../../lib/paging.ts';
import { table } from '../../lib/table.ts';
import { command } from '../command.ts';
import { linkLabel } from './response-shape.ts';

export const responses = command({
  path: 'responses',
  summary: 'Form responses: a summary, then the most recent rows',
  usage:
    'Usage: deckcli responses <deckId> [--form <name>] [--link <token id or link name>] [--source link|embed] [--placement <label>]\n' +
    '         [--since <ISO datetime>] [--limit <1-100>] [--cursor <c>] [--all] [--json | --csv]',
  flags: { ...PAGE_FLAGS, form: { type: 'string' }, link: { type: 'string' }, source: { type: 'string' }, placement: { type: 'string' }, since: { type: 'string' }, csv: { type: 'boolean' } },
  async run(opts, ctx) {
    const [id] = opts.args;
    if (!id || opts.args.length > 1) throw new CliError('name exactly one deck id', EXIT.usage, 'usage');
    const f = opts;
    if (f.json && f.csv) throw new CliError('--json and --csv conflict', EXIT.usage, 'usage');
    if (f.link !== undefined && /^https?:|\/v\//.test(f.link)) throw new CliError('--link takes a token id or a link name, never a share URL', EXIT.rejected, 'invalid_input');
    if (f.source !== undefined && f.source !== 'link' && f.source !== 'embed') throw new CliError('--source takes link or embed', EXIT.rejected, 'invalid_input');
    const q = new URLSearchParams();
    for (const k of ['form', 'link', 'source', 'placement'] as const) {
      const v = f[k];
      if (v !== undefined) q.set(k, v);
    }
    if (f.since !== undefined) q.set('since', new Date(isoInstant(f.since, '--since')).toISOString());
    const path = `/api/v1/presentations/${encodeURIComponent(id)}/responses${q.size ? `?${q}` : ''}`;
    const page = await readPage<FormResponse, { summary?: ResponseSummaryRow[] }>(await ctx.client(), path, f, DECK_CONFLICT);
    if (ctx.json) return ctx.printJson(page);
    if (f.csv) {
      const keys = [...new Set(page.items.flatMap((r) => Object.keys(r.answers ?? {})))].sort();
      const rows = page.items.map((r) => [r.id, r.form, linkLabel(r.link), r.source, r.placement ?? '', r.createdAt, r.editedAt ?? '', r.revisions, ...keys.map((k) => r.answers?.[k])]);
      ctx.io.stdout.write(toCsv(['id', 'form', 'link', 'source', 'placement', 'created', 'edited', 'revisions', ...keys], rows));
      return;
    }
    const summary = page.summary ?? [];
    if (summary.length === 0) return ctx.out('No responses');
    ctx.out('Summary:');
    const sums = summary.map((s) => [s.form, linkLabel(s.link), s.source, s.placement ?? '-', String(s.responses), ctx.when(s.latestActivityAt)]);
    for (const line of table(['FORM', 'LINK', 'SOURCE', 'PLACEMENT', 'RESPONSES', 'LATEST ACTIVITY'], sums, { indent: '  ', paint: ctx.paint })) ctx.out(line);
    ctx.out('Recent:');
    const recent = page.items.map((r) => [r.id, r.form, linkLabel(r.link), r.source, r.placement ?? '-', ctx.when(r.lastActivityAt)]);
    for (const line of table(['ID', 'FORM', 'LINK', 'SOURCE', 'PLACEMENT', 'LAST ACTIVITY'], recent, { indent: '  ', paint: ctx.paint })) ctx.out(line);
    const more = nextPageLine(page);
    if (more) ctx.out(more);
  },
});
