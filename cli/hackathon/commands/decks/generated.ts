// What the generated-deck commands share: their wire paths, resolving a project (id or team
// name through the gallery), and the human forms of runs, jobs and decks.
import { deckFate, type GeneratedDeck, type GenerationJob, type GenerationRun, type GalleryKind } from '../../../../core/wire/decks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { table } from '../../../lib/table.ts';
import type { Context } from '../../context.ts';
import { UUID_RE as UUID } from '../../../../core/ids.ts';

export const DECKS = '/api/v1/event/decks';

/** A run or deck id given on the command line: a malformed one is a usage error before any request. */
export function idArg(value: string | undefined, what: string): string {
  if (!value) throw new CliError(`name the ${what}`, EXIT.usage, 'usage');
  if (!UUID.test(value)) throw new CliError(`${what} must be an id (as decks ${what === 'run' ? 'runs' : 'list'} prints it), got ${value}`, EXIT.usage, 'usage');
  return value.toLowerCase();
}

/** `<projectId>`: an id, or a team name resolved through the gallery (case-insensitive). */
export async function resolveTeam(ctx: Context, given: string | undefined): Promise<string> {
  if (!given) throw new CliError('name the project (its id or team name)', EXIT.usage, 'usage');
  if (UUID.test(given)) return given.toLowerCase();
  const g = await (await ctx.client()).call('GET /api/v1/event/decks/gallery');
  const hit = g.items.find((i) => i.team.name.toLowerCase() === given.toLowerCase());
  if (!hit) throw new CliError(`project_not_found: no team ${given} in this event`, EXIT.wire, 'project_not_found');
  return hit.team.id;
}

export const countsLine = (r: GenerationRun) =>
  `${r.counts.pending} pending, ${r.counts.running} running, ${r.counts.review} review, ${r.counts.failed} failed, ${r.counts.skipped} skipped`;

export function printRunDetail(ctx: Context, run: GenerationRun, jobs: GenerationJob[], withLog: boolean): void {
  ctx.out(`Run ${run.id} (revision ${run.revision}${run.newRevision ? ', new revision' : ''}) ${ctx.paint.state(run.status)}, started ${run.createdAt}: ${countsLine(run)}`);
  if (jobs.length === 0) {
    ctx.out('No team had a frozen submission.');
    return;
  }
  const result = (j: GenerationJob) =>
    j.deck ? `deck v${j.deck.version} (${j.deck.id}): ${deckFate(j.deck)}` : j.status === 'skipped' ? (j.skipReason ?? '-') : j.lastError ? `last error: ${j.lastError}` : '-';
  const rows = jobs.map((j) => [j.team.name, j.kind, ctx.paint.state(j.status), String(j.attempts), result(j)]);
  const lines = table(['TEAM', 'KIND', 'STATUS', 'ATTEMPTS', 'LAST ERROR OR DECK'], rows, { paint: ctx.paint });
  ctx.out(lines[0]!);
  jobs.forEach((j, i) => {
    ctx.out(lines[i + 1]!);
    if (withLog) {
      const log = (j.log ?? '').trimEnd();
      for (const l of log ? log.split('\n') : ['(no log yet)']) ctx.out(`    ${l}`);
    }
  });
}

/** A gallery state as the spec words it: `released vN` (then ` (evidence changed)`), else the word. */
export function stateLabel(k: GalleryKind): string {
  if (k.state !== 'released') return k.state;
  return `released v${k.version}${k.evidenceChanged ? ' (evidence changed)' : ''}`;
}

const cite = (c: GeneratedDeck['screens'][number]['claims'][number]['cite']) =>
  !c ? '' : 'showcase' in c ? ` (team showcase: ${c.showcase})` : 'receipt' in c ? ` (push receipt #${c.receipt})` : 'commit' in c ? ` (commit ${c.commit.slice(0, 12)})` : ` (${c.path}:${c.start === c.end ? c.start : `${c.start}-${c.end}`})`;

export function printDeck(ctx: Context, d: GeneratedDeck): void {
  ctx.out(`Team: ${d.team.name}`);
  ctx.out(`Kind: ${d.kind}`);
  ctx.out(`Version: ${d.version} (revision ${d.revision}, ${d.generator})`);
  ctx.out(`Template: ${d.template.name} schema v${d.template.schemaVersion} (${d.template.screens.min} to ${d.template.screens.max} screens)`);
  ctx.out(`Review: ${d.review}${d.reviewNote ? ` (${d.reviewNote})` : ''}`);
  ctx.out(`Release: ${d.release}${d.invalidated ? ' (invalidated)' : ''}${d.evidenceChanged ? ' (evidence changed)' : ''}`);
  ctx.out(`Evidence: ${d.evidence.name} (sha ${d.sha.slice(0, 12)})`);
  // The view is a share link from generation on: say plainly it works before review.
  ctx.out(`View: ${d.view ?? '-'}${d.view && d.release !== 'released' ? ' (a share link: whoever holds it sees this deck, reviewed or not; only released decks are listed in the gallery)' : ''}`);
  if (d.findings.length === 0) ctx.out('Findings: none');
  else {
    ctx.out(`Findings: ${d.findings.length}`);
    for (const f of d.findings) ctx.out(`  - ${f.code}: ${f.message}`);
  }
  d.screens.forEach((s, i) => {
    ctx.out('');
    ctx.out(`${i + 1}. ${s.heading}`);
    for (const c of s.claims) ctx.out(`   - ${c.unverified || !c.cite ? '[unverified] ' : ''}${c.text}${cite(c.cite)}`);
  });
}
