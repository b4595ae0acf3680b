// The gallery (every role, jury included) and the organizer pages:
//   GET /event/gallery           every team with its jury and community deck state words
//                                (`released vN`, `review`, ...), the read-only views (app.deck_gallery)
//                                and each deck's thumbnail once made (/event/decks/<id>/thumbnail.png)
//   GET /event/admin             organizer: the schedule form (app.configure_event with the
//                                expected version), the vote section switch, roster lock
//   GET /event/admin/roster      roster table, lock/unlock, import (JSON pasted or read from a file)
//   GET /event/admin/submissions every team's state, readiness, attention (app.submissions_list)
//   GET /event/admin/decks       generation runs (generate, new revision), every generated deck with
//                                approve / reject (note) while pending, release per team
//   GET /event/admin/vote        eligibility coverage, the window, and who read the ballot list (owners and admins)
//   GET /event/admin/ballots     the audited ballot list (this read is recorded) and a small SVG
//                                chart of ballots submitted over time
// Forms: POST /event/admin/schedule, /event/admin/vote-section, /event/admin/roster/lock,
// /event/admin/roster/unlock, /event/admin/roster/import. SQL refuses non-organizers.
import type { FastifyInstance } from 'fastify';
import { citationLabel, type Finding, type Screen } from '../../../core/decks/types.ts';
import { AppError } from '../../errors.ts';
import { withViews } from '../../routes/event/decks.ts';
import type { ApiDeps } from '../../deps.ts';
import { esc } from '../html.ts';
import { eventNav, eventPage, formAction, type PageContext, refusal, table, when } from './shared.ts';
import { windowLine } from './vote.ts';
import { galleryWinners } from './jury.ts';
import type { BallotList, BallotReads, CommunityStatus, Eligibility } from '../../../core/wire/community.ts';
import type { GeneratedDeckRow, GenerationRuns } from '../../../core/wire/decks.ts';
import type { EventRecord } from '../../../core/wire/event.ts';
import type { Submissions } from '../../../core/wire/submissions.ts';

interface KindState {
  state: string;
  version?: number;
  view?: string | null;
  evidenceChanged?: boolean;
  deckId?: string;
  thumbnail?: boolean;
}

export function stateWord(k: KindState): string {
  return k.state === 'released' ? `released v${k.version}${k.evidenceChanged ? ' (evidence changed)' : ''}` : k.state;
}

function galleryBody(deps: ApiDeps) {
  return async (ctx: PageContext): Promise<string> => {
    const g = withViews(await ctx.read.must<{ items: { team: { id: string; name: string }; jury: KindState; community: KindState }[] }>('app.deck_gallery()'), deps.config.publicUrl, deps.config.authSecret);
    // a generated deck's thumbnail, like a published deck's, once the worker made it (SQL says so)
    const thumb = (k: KindState, kind: string, team: string) =>
      k.thumbnail && k.deckId ? `<img class="thumb" src="/event/decks/${esc(k.deckId)}/thumbnail.png" alt="Thumbnail of the ${kind} deck of ${esc(team)}" width="160" height="90" loading="lazy"> ` : '';
    const cell = (k: KindState, kind: string, team: string) =>
      `${thumb(k, kind, team)}<span class="badge">${esc(stateWord(k))}</span>${k.view ? ` <a href="${esc(k.view)}" target="_blank" rel="noopener">View the ${kind} deck<span class="visually-hidden"> of ${esc(team)}</span></a>` : ''}`;
    const winners = await galleryWinners(ctx.read, ctx.status); // issue 43: released winners marked
    const mark = (id: string) => (winners.get(id) ?? []).map((w) => ` <span class="badge">${esc(w)}</span>`).join('');
    return `${eventNav(ctx.status, '/event/gallery')}<h1>Gallery</h1>${g.items.length
      ? table('Gallery', ['Team', 'Jury deck', 'Community deck'], g.items.map((i) => [esc(i.team.name) + mark(i.team.id), cell(i.jury, 'jury', i.team.name), cell(i.community, 'community', i.team.name)]))
      : '<p class="muted">No team yet.</p>'}<p class="muted">Views are read-only.</p>`;
  };
}

const adminNav = (here: string) =>
  `<nav class="subnav" aria-label="Organizer">${[['/event/admin', 'Schedule'], ['/event/admin/roster', 'Roster'], ['/event/admin/submissions', 'Submissions'], ['/event/admin/decks', 'Decks'], ['/event/admin/vote', 'Vote'], ['/event/admin/ballots', 'Ballots']]
    .map(([href, label]) => `<a href="${href}"${href === here ? ' aria-current="page"' : ''}>${label}</a>`)
    .join('')}</nav>`;

/** Pages whose every SQL read also answers other roles (their own part) are organizer pages all the same: the roster read is SQL's organizer gate. */
async function organizerOnly(ctx: PageContext): Promise<void> {
  await ctx.read.must('app.roster_page($1)', [1]);
}

function input(name: string, label: string, value: string, extra = ''): string {
  return `<label for="f-${name}">${esc(label)}</label><input id="f-${name}" name="${name}" value="${esc(value)}"${extra}>`;
}

async function scheduleBody(ctx: PageContext): Promise<string> {
  const e = await ctx.read.must<EventRecord>('app.current_event()');
  await organizerOnly(ctx);
  return `${eventNav(ctx.status, '/event/admin')}${adminNav('/event/admin')}<h1>Organize: schedule</h1>
<section class="card" aria-labelledby="s-h"><h2 id="s-h">Schedule (version ${e.version})</h2>
<form method="post" action="/event/admin/schedule"><input type="hidden" name="back" value="/event/admin"><input type="hidden" name="expectedVersion" value="${e.version}">
${input('name', 'Name', e.name, ' required maxlength="100"')}${input('timezone', 'Time zone (IANA, display only)', e.timezone, ' required')}
${input('startsAt', 'Start (ISO 8601 with zone)', e.startsAt, ' required')}${input('buildEndsAt', 'Build end (the freeze is 15 minutes later)', e.buildEndsAt, ' required')}
${input('voteOpensAt', 'Vote opens', e.voteOpensAt, ' required')}${input('voteClosesAt', 'Vote closes', e.voteClosesAt, ' required')}
${input('reason', 'Reason (needed to move the build end while running; every participant sees it)', '', ' maxlength="500"')}
<div class="actions"><button type="submit" class="primary">Save schedule</button></div></form></section>
<section class="card" aria-labelledby="v-h"><h2 id="v-h">Vote section</h2><p>The vote section is <strong>${esc(e.voteSection)}</strong>.</p>
<form method="post" action="/event/admin/vote-section"><input type="hidden" name="back" value="/event/admin"><input type="hidden" name="on" value="${e.voteSection === 'on' ? 'false' : 'true'}">
<button type="submit">${e.voteSection === 'on' ? 'Turn the vote section off' : 'Turn the vote section on'}</button></form></section>`;
}

async function rosterBody(ctx: PageContext): Promise<string> {
  const r = await ctx.read.must<{ rosterLockedAt: string | null; rows: any[] }>('app.roster_page($1)', [1000]);
  const rows = r.rows.map((x) => [esc(x.email), esc(x.name ?? ''), esc(x.role), esc(x.team ?? '—'), x.signedIn ? 'yes' : 'no']);
  const lock = r.rosterLockedAt
    ? `<p>Locked since ${when(r.rosterLockedAt)}.</p><form method="post" action="/event/admin/roster/unlock"><input type="hidden" name="back" value="/event/admin/roster"><button type="submit">Unlock the roster</button></form>`
    : `<p>Not locked.</p><form method="post" action="/event/admin/roster/lock"><input type="hidden" name="back" value="/event/admin/roster"><button type="submit">Lock the roster</button></form>`;
  return `${eventNav(ctx.status, '/event/admin')}${adminNav('/event/admin/roster')}<h1>Organize: roster</h1>
<section class="card" aria-labelledby="l-h"><h2 id="l-h">Lock</h2>${lock}</section>
<section class="card" aria-labelledby="i-h"><h2 id="i-h">Import (replaces the whole roster)</h2>
<form method="post" action="/event/admin/roster/import"><input type="hidden" name="back" value="/event/admin/roster">
<label for="roster-file">Roster file (JSON)</label><input id="roster-file" type="file" accept="application/json,.json" data-into="roster-json" hidden>
<label for="roster-json">Roster JSON: <code>{ "participants": [{ "email", "name"?, "role"?, "team"?, "github"? }] }</code> or a bare array (<code>"github"</code>: an advisor's code-host username)</label>
<textarea id="roster-json" name="roster" required rows="6"></textarea><label class="check"><input type="checkbox" name="invite" value="1" checked> Invite people who are not members yet</label>
<div class="actions"><button type="submit" class="primary">Import roster</button></div></form></section>
<section class="card" aria-labelledby="r-h"><h2 id="r-h">Roster (${r.rows.length})</h2>${table('Roster', ['Email', 'Name', 'Role', 'Team', 'Signed in'], rows)}</section>`;
}

async function submissionsBody(ctx: PageContext): Promise<string> {
  await organizerOnly(ctx);
  const s = await ctx.read.must<Submissions>('app.submissions_list()');
  const rows = (s.items as any[]).map((x) => [
    `<a href="/event/team?team=${esc(x.project.id)}">${esc(x.project.name)}</a>`,
    `<span class="badge">${esc(x.state)}</span>`,
    esc(x.readiness),
    x.frozen ? `<code>${esc(String(x.frozen.sha).slice(0, 12))}</code> ${esc(x.frozen.source)}` : '—',
    esc(x.attention ?? ''),
  ]);
  return `${eventNav(ctx.status, '/event/admin')}${adminNav('/event/admin/submissions')}<h1>Organize: submissions</h1>
<section class="card"><p>${esc(s.intake)} Server time ${when(s.serverTime)}. ${s.attentionCount} ${s.attentionCount === 1 ? 'team needs' : 'teams need'} attention.</p>
${table('Submissions', ['Team', 'State', 'Readiness', 'Frozen', 'Attention'], rows)}<p class="muted">Exceptions: <code>hackathon submissions exception</code>.</p></section>`;
}

async function voteAdminBody(ctx: PageContext): Promise<string> {
  await organizerOnly(ctx);
  const st = await ctx.read.must<CommunityStatus>('app.community_status()');
  const el = await ctx.read.must<Eligibility>('app.community_eligibility()');
  const reads = await ctx.read.try<BallotReads>('app.community_ballot_reads()');
  const c = el.counts;
  const candidates = (el.candidates as any[]).map((x) => [esc(x.name), x.included ? 'included' : `excluded: ${esc(x.reason)}`, String(x.memberCount), x.confirmed ? 'yes' : 'no', x.ready ? 'ready' : esc(x.readiness ?? 'not ready')]);
  const audit = reads.ok
    ? table('Ballot list reads', ['Who', 'When', 'Eligibility', 'Ballots'], (reads.value.items as any[]).map((r) => [esc(r.email), when(r.at), `v${r.eligibilityVersion}`, String(r.ballots)]))
    : refusal(reads);
  return `${eventNav(ctx.status, '/event/admin')}${adminNav('/event/admin/vote')}<h1>Organize: vote</h1>
<section class="card" aria-labelledby="w-h"><h2 id="w-h">Window</h2>${windowLine(st, ctx.status.timezone)}</section>
<section class="card" aria-labelledby="e-h"><h2 id="e-h">Eligibility ${el.locked ? `version ${el.version}, locked ${when(el.lockedAt)}` : '(draft, not locked)'}</h2>
<p>${c.candidates} candidates (${c.candidatesExcluded} excluded), ${c.voters} voters (${c.votersExcluded} excluded). Roster ${el.rosterLocked ? 'locked' : 'not locked'}.</p>
${table('Candidates', ['Team', 'Included', 'Members', 'Confirmed', 'Ready'], candidates)}</section>
<section class="card" aria-labelledby="a-h"><h2 id="a-h">Who read the ballot list</h2>${audit}</section>`;
}

/** Ballots submitted over time as a small inline SVG: a step line of the running count (no script, no library). */
export function ballotChart(times: string[], voters: number): string {
  const at = times.map((t) => Date.parse(t)).filter((t) => !Number.isNaN(t)).sort((a, b) => a - b);
  if (!at.length) return '<p class="muted">No ballot submitted yet.</p>';
  const W = 320;
  const H = 120;
  const t0 = at[0]!;
  const span = Math.max(1, at[at.length - 1]! - t0);
  const top = Math.max(voters, at.length, 1);
  const x = (t: number) => ((t - t0) / span) * (W - 20) + 10;
  const y = (n: number) => H - 10 - (n / top) * (H - 20);
  let d = `M ${x(t0).toFixed(1)} ${y(0).toFixed(1)}`;
  at.forEach((t, i) => {
    d += ` H ${x(t).toFixed(1)} V ${y(i + 1).toFixed(1)}`;
  });
  return `<svg role="img" aria-labelledby="chart-t" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" class="chart"><title id="chart-t">${at.length} of ${voters} ballots submitted, from ${new Date(t0).toISOString()} to ${new Date(at[at.length - 1]!).toISOString()}</title>
<line x1="10" y1="${y(top).toFixed(1)}" x2="${W - 10}" y2="${y(top).toFixed(1)}" stroke="currentColor" stroke-dasharray="3 3" opacity=".4"/><path d="${d}" fill="none" stroke="currentColor" stroke-width="2"/></svg>`;
}

async function ballotsBody(ctx: PageContext): Promise<string> {
  await organizerOnly(ctx);
  // app_private.community_ballots() records this read (the audit the vote page lists).
  const b = await ctx.read.must<BallotList>('app_private.community_ballots()');
  const el = await ctx.read.must<Eligibility>('app.community_eligibility()');
  const items = b.items as any[];
  const submitted = items.filter((x) => x.submittedAt).map((x) => x.submittedAt as string);
  return `${eventNav(ctx.status, '/event/admin')}${adminNav('/event/admin/ballots')}<h1>Organize: ballots</h1>
<p class="muted">Reading this list is recorded (eligibility v${b.eligibilityVersion}); it never shows a ranking.</p>
<section class="card" aria-labelledby="c-h"><h2 id="c-h">Ballots submitted over time</h2>${ballotChart(submitted, el.counts.voters - el.counts.votersExcluded)}</section>
<section class="card" aria-labelledby="b-h"><h2 id="b-h">Ballots (${items.length})</h2>${table('Ballots', ['Email', 'Name', 'State', 'Revision', 'Submitted', 'Invalidation'], items.map((x) => [esc(x.email), esc(x.name ?? ''), esc(x.state), String(x.revision), when(x.submittedAt), esc(x.invalidationReason ?? '-')]))}</section>`;
}

/** A generated deck as the reviewer reads it: each screen's heading, its claims with their
 *  citations (or [unverified]), then the validation findings naming screen and claim. */
export function deckReview(screens: Screen[], findings: Finding[]): string {
  const list = screens.map((sc, i) => `<li><strong>${i + 1}. ${esc(sc.heading)}</strong><ul>${(sc.claims ?? []).map((c) =>
    `<li>${c.cite ? '' : '<span class="badge">unverified</span> '}${esc(c.text)}${typeof c.quote === 'string' ? `<pre><code>${esc(c.quote)}</code></pre>` : ''}${c.cite ? ` <cite class="muted">${esc(citationLabel(c.cite))}</cite>` : ''}</li>`).join('')}</ul></li>`).join('');
  const f = findings.length
    ? `<p><strong>Findings</strong></p><ul>${findings.map((x) => `<li><code>${esc(x.code)}</code>${x.screen ? ` screen ${x.screen}${x.claim ? ` claim ${x.claim}` : ''}` : ''}: ${esc(x.message)}</li>`).join('')}</ul>`
    : '<p class="muted">No findings.</p>';
  return `<details><summary>Screens and findings</summary><ol class="deck-review">${list}</ol>${f}</details>`;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;

async function decksBody(ctx: PageContext): Promise<string> {
  await organizerOnly(ctx);
  const runs = await ctx.read.must<GenerationRuns>('app.deck_generation_runs()');
  const decks = await ctx.read.must<{ items: GeneratedDeckRow[] }>('app.generated_decks_list()');
  const back = hidden('back', '/event/admin/decks');
  const runRows = (runs.items as any[]).map((r) => [
    `<code>${esc(String(r.id).slice(0, 8))}</code>`, `r${r.revision}${r.newRevision ? ' (new)' : ''}`, `<span class="badge">${esc(r.status)}</span>`, when(r.createdAt),
    esc(Object.entries(r.counts ?? {}).map(([k, n]) => `${n} ${k}`).join(', ')),
  ]);
  const teams = new Map<string, string>();
  // A pending deck's screens and findings, read next to its Approve/Reject form (issue 28).
  const pending = (decks.items as any[]).filter((d) => d.review === 'pending' && !d.invalidated);
  const details = new Map<string, string>();
  for (const d of pending) {
    const full = await ctx.read.must<{ screens: Screen[]; findings: Finding[] }>('app.generated_deck($1)', [d.id]);
    details.set(d.id, deckReview(full.screens ?? [], full.findings ?? []));
  }
  const deckRows = (decks.items as any[]).map((d) => {
    teams.set(d.team.id, d.team.name);
    const review = d.review === 'pending' && !d.invalidated
      ? `<form method="post" action="/event/admin/decks/${esc(d.id)}/review" class="inline">${back}<label for="note-${esc(d.id)}" class="visually-hidden">Note on ${esc(d.team.name)} ${esc(d.kind)} v${d.version}</label><input id="note-${esc(d.id)}" name="note" maxlength="1000" placeholder="note (optional)">
<button type="submit" name="decision" value="approve">Approve</button> <button type="submit" name="decision" value="reject" class="danger">Reject</button></form>${details.get(d.id) ?? ''}`
      : '';
    return [esc(d.team.name), esc(d.kind), `v${d.version} (r${d.revision})`, `${esc(d.review)}${review}`, esc(d.release), `${d.invalidated ? 'invalidated ' : ''}${d.evidenceChanged ? 'evidence changed ' : ''}${d.findings ? `${d.findings} findings` : ''}`];
  });
  const release = [...teams].map(([id, name]) => `<form method="post" action="/event/admin/decks/release" class="inline">${back}${hidden('projectId', id)}<button type="submit">Release ${esc(name)}</button></form>`).join(' ');
  return `${eventNav(ctx.status, '/event/admin')}${adminNav('/event/admin/decks')}<h1>Organize: generated decks</h1>
<section class="card" aria-labelledby="g-h"><h2 id="g-h">Generation runs (current revision ${esc(runs.currentRevision ?? '—')})</h2>
<form method="post" action="/event/admin/decks/generate">${back}<label class="check"><input type="checkbox" name="newRevision" value="1"> New revision (keeps the old decks)</label><div class="actions"><button type="submit" class="primary">Generate</button></div></form>
${runRows.length ? table('Generation runs', ['Run', 'Revision', 'Status', 'Started', 'Jobs'], runRows) : '<p class="muted">No run yet.</p>'}</section>
<section class="card" aria-labelledby="d-h"><h2 id="d-h">Decks: review and release</h2>${deckRows.length ? table('Generated decks', ['Team', 'Kind', 'Version', 'Review', 'Release', 'Notes'], deckRows) : '<p class="muted">No generated deck yet.</p>'}
${release ? `<p>Release the newest approved decks of a team: ${release}</p>` : ''}</section>`;
}

function rosterRows(text: string | undefined): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(text ?? ''));
  } catch {
    throw new AppError('invalid_input', 'The roster is not JSON: { "participants": [...] } or a bare array', { field: 'roster' });
  }
  const rows = Array.isArray(parsed) ? parsed : (parsed as { participants?: unknown })?.participants;
  if (!Array.isArray(rows)) throw new AppError('invalid_input', 'The roster must be { "participants": [...] } or a bare array', { field: 'roster' });
  return rows;
}

export function registerOrganizerPages(app: FastifyInstance, deps: ApiDeps): void {
  const page = { config: { auth: 'none' as const } };
  app.get('/event/gallery', page, eventPage(deps, () => 'Gallery', galleryBody(deps)));
  app.get('/event/admin', page, eventPage(deps, () => 'Organize', scheduleBody));
  app.get('/event/admin/roster', page, eventPage(deps, () => 'Roster', rosterBody));
  app.get('/event/admin/submissions', page, eventPage(deps, () => 'Submissions', submissionsBody));
  app.get('/event/admin/decks', page, eventPage(deps, () => 'Generated decks', decksBody));
  app.get('/event/admin/vote', page, eventPage(deps, () => 'Vote', voteAdminBody));
  app.get('/event/admin/ballots', page, eventPage(deps, () => 'Ballots', ballotsBody));

  formAction(deps, app, '/event/admin/schedule', async (c, _p, b) => {
    const v = String(b.expectedVersion ?? '');
    if (!/^\d{1,9}$/.test(v)) throw new AppError('invalid_input', 'expectedVersion must be a whole number', { field: 'expectedVersion' });
    await c.query('select app.configure_event($1, $2, $3, $4, $5, $6, $7, $8)', [Number(v), b.name ?? '', b.timezone ?? '', b.startsAt ?? '', b.buildEndsAt ?? '', b.voteOpensAt ?? '', b.voteClosesAt ?? '', b.reason?.trim() || null]);
  });
  formAction(deps, app, '/event/admin/vote-section', async (c, _p, b) => void (await c.query('select app.set_vote_section($1)', [b.on === 'true'])));
  formAction(deps, app, '/event/admin/roster/lock', async (c) => void (await c.query('select app.lock_roster()')));
  formAction(deps, app, '/event/admin/roster/unlock', async (c) => void (await c.query('select app.unlock_roster()')));
  formAction(deps, app, '/event/admin/decks/generate', async (c, _p, b) => void (await c.query('select app.start_deck_generation($1)', [b.newRevision === '1'])));
  formAction<{ deckId: string }>(deps, app, '/event/admin/decks/:deckId/review', async (c, p, b) => {
    if (b.decision !== 'approve' && b.decision !== 'reject') throw new AppError('invalid_input', 'Choose Approve or Reject', { field: 'decision' });
    await c.query('select app.review_generated_deck($1, $2, $3)', [p.deckId, b.decision === 'approve', b.note?.trim() || null]);
  });
  formAction(deps, app, '/event/admin/decks/release', async (c, _p, b) => void (await c.query('select app.release_generated_decks($1)', [b.projectId ?? ''])));
  formAction(deps, app, '/event/admin/roster/import', async (c, _p, b) => {
    await c.query('select app.import_roster($1, $2)', [JSON.stringify(rosterRows(b.roster)), b.invite === '1' && !deps.config.hubUrl]);
  });
}
