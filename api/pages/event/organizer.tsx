// The gallery (every role, jury included) and the organizer pages:
//   GET /event/gallery           every team with its jury and community deck state words
//                                (`released vN`, `review`, ...), the read-only views (app.deck_gallery)
//                                and each deck's thumbnail once made (/event/decks/<id>/thumbnail.png)
//                                and, once released, "Jury winner" / "Community winner" beside a team's name
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
import { Fragment, type ReactNode } from 'react';
import { safeHref } from '../html.tsx';
import { eventNav, eventPage, formAction, joined, type PageContext, refusal, SubNav, Table, when } from './shared.tsx';
import { windowLine } from './vote.tsx';
import { galleryWinners } from './jury.tsx';
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
  return async (ctx: PageContext): Promise<ReactNode> => {
    const g = withViews(await ctx.read.must<{ items: { team: { id: string; name: string }; jury: KindState; community: KindState }[] }>('app.deck_gallery()'), deps.config.publicUrl, deps.config.authSecret);
    // a generated deck's thumbnail, like a published deck's, once the worker made it (SQL says so)
    const cell = (k: KindState, kind: string, team: string): ReactNode => {
      const view = safeHref(k.view);
      return (
        <>
          {k.thumbnail && k.deckId ? <><img className="thumb" src={`/event/decks/${k.deckId}/thumbnail.png`} alt={`Thumbnail of the ${kind} deck of ${team}`} width="160" height="90" loading="lazy" />{' '}</> : null}
          <span className="badge">{stateWord(k)}</span>
          {view ? <> <a href={view} target="_blank" rel="noopener">View the {kind} deck<span className="visually-hidden"> of {team}</span></a></> : null}
        </>
      );
    };
    const winners = await galleryWinners(ctx.read, ctx.status); // released winners marked
    const mark = (id: string): ReactNode => (winners.get(id) ?? []).map((w) => <Fragment key={w}> <span className="badge">{w}</span></Fragment>);
    return (
      <>
        {eventNav(ctx.status, '/event/gallery')}<h1>Gallery</h1>
        {g.items.length
          ? <Table label="Gallery" headers={['Team', 'Jury deck', 'Community deck']} rows={g.items.map((i) => [<>{i.team.name}{mark(i.team.id)}</>, cell(i.jury, 'jury', i.team.name), cell(i.community, 'community', i.team.name)])} />
          : <p className="muted">No team yet.</p>}
        <p className="muted">Views are read-only.</p>
      </>
    );
  };
}

const ADMIN_LINKS: [string, string][] = [['/event/admin', 'Schedule'], ['/event/admin/roster', 'Roster'], ['/event/admin/submissions', 'Submissions'], ['/event/admin/decks', 'Decks'], ['/event/admin/vote', 'Vote'], ['/event/admin/ballots', 'Ballots']];
const adminNav = (here: string): ReactNode => <SubNav label="Organizer" links={ADMIN_LINKS} here={here} />;

/** Pages whose every SQL read also answers other roles (their own part) are organizer pages all the same: the roster read is SQL's organizer gate. */
async function organizerOnly(ctx: PageContext): Promise<void> {
  await ctx.read.must('app.roster_page($1)', [1]);
}

function Input({ name, label, value, required, max }: { name: string; label: string; value: string; required?: boolean; max?: number }): ReactNode {
  return <><label htmlFor={`f-${name}`}>{label}</label><input id={`f-${name}`} name={name} defaultValue={value} required={required} maxLength={max} /></>;
}

function Hidden({ name, value }: { name: string; value: string }): ReactNode {
  return <input type="hidden" name={name} value={value} />;
}

function BackTo({ path }: { path: string }): ReactNode {
  return <Hidden name="back" value={path} />;
}

async function scheduleBody(ctx: PageContext): Promise<ReactNode> {
  const e = await ctx.read.must<EventRecord>('app.current_event()');
  await organizerOnly(ctx);
  return (
    <>
      {eventNav(ctx.status, '/event/admin')}{adminNav('/event/admin')}<h1>Organize: schedule</h1>
      <section className="card" aria-labelledby="s-h">
        <h2 id="s-h">Schedule (version {e.version})</h2>
        <form method="post" action="/event/admin/schedule">
          <BackTo path="/event/admin" /><Hidden name="expectedVersion" value={String(e.version)} />
          <Input name="name" label="Name" value={e.name} required max={100} /><Input name="timezone" label="Time zone (IANA, display only)" value={e.timezone} required />
          <Input name="startsAt" label="Start (ISO 8601 with zone)" value={e.startsAt} required /><Input name="buildEndsAt" label="Build end (the freeze is 15 minutes later)" value={e.buildEndsAt} required />
          <Input name="voteOpensAt" label="Vote opens" value={e.voteOpensAt} required /><Input name="voteClosesAt" label="Vote closes" value={e.voteClosesAt} required />
          <Input name="reason" label="Reason (needed to move the build end while running; every participant sees it)" value="" max={500} />
          <div className="actions"><button type="submit" className="primary">Save schedule</button></div>
        </form>
      </section>
      <section className="card" aria-labelledby="v-h">
        <h2 id="v-h">Vote section</h2><p>The vote section is <strong>{e.voteSection}</strong>.</p>
        <form method="post" action="/event/admin/vote-section">
          <BackTo path="/event/admin" /><Hidden name="on" value={e.voteSection === 'on' ? 'false' : 'true'} />
          <button type="submit">{e.voteSection === 'on' ? 'Turn the vote section off' : 'Turn the vote section on'}</button>
        </form>
      </section>
    </>
  );
}

async function rosterBody(ctx: PageContext): Promise<ReactNode> {
  const r = await ctx.read.must<{ rosterLockedAt: string | null; rows: any[] }>('app.roster_page($1)', [1000]);
  const rows = r.rows.map((x) => [x.email, x.name ?? '', x.role, x.team ?? '—', x.signedIn ? 'yes' : 'no']);
  const lock = r.rosterLockedAt
    ? <><p>Locked since {when(r.rosterLockedAt)}.</p><form method="post" action="/event/admin/roster/unlock"><BackTo path="/event/admin/roster" /><button type="submit">Unlock the roster</button></form></>
    : <><p>Not locked.</p><form method="post" action="/event/admin/roster/lock"><BackTo path="/event/admin/roster" /><button type="submit">Lock the roster</button></form></>;
  return (
    <>
      {eventNav(ctx.status, '/event/admin')}{adminNav('/event/admin/roster')}<h1>Organize: roster</h1>
      <section className="card" aria-labelledby="l-h"><h2 id="l-h">Lock</h2>{lock}</section>
      <section className="card" aria-labelledby="i-h">
        <h2 id="i-h">Import (replaces the whole roster)</h2>
        <form method="post" action="/event/admin/roster/import">
          <BackTo path="/event/admin/roster" />
          <label htmlFor="roster-file">Roster file (JSON)</label><input id="roster-file" type="file" accept="application/json,.json" data-into="roster-json" hidden />
          <label htmlFor="roster-json">Roster JSON: <code>{'{ "participants": [{ "email", "name"?, "role"?, "team"?, "github"? }] }'}</code> or a bare array (<code>"github"</code>: an advisor's code-host username)</label>
          <textarea id="roster-json" name="roster" required rows={6}></textarea><label className="check"><input type="checkbox" name="invite" value="1" defaultChecked /> Invite people who are not members yet</label>
          <div className="actions"><button type="submit" className="primary">Import roster</button></div>
        </form>
      </section>
      <section className="card" aria-labelledby="r-h"><h2 id="r-h">Roster ({r.rows.length})</h2><Table label="Roster" headers={['Email', 'Name', 'Role', 'Team', 'Signed in']} rows={rows} /></section>
    </>
  );
}

async function submissionsBody(ctx: PageContext): Promise<ReactNode> {
  await organizerOnly(ctx);
  const s = await ctx.read.must<Submissions>('app.submissions_list()');
  const rows = (s.items as any[]).map((x) => [
    <a href={`/event/team?team=${x.project.id}`}>{x.project.name}</a>,
    <span className="badge">{x.state}</span>,
    x.readiness,
    x.frozen ? <><code>{String(x.frozen.sha).slice(0, 12)}</code> {x.frozen.source}</> : '—',
    x.attention ?? '',
  ]);
  return (
    <>
      {eventNav(ctx.status, '/event/admin')}{adminNav('/event/admin/submissions')}<h1>Organize: submissions</h1>
      <section className="card">
        <p>{s.intake} Server time {when(s.serverTime)}. {s.attentionCount} {s.attentionCount === 1 ? 'team needs' : 'teams need'} attention.</p>
        <Table label="Submissions" headers={['Team', 'State', 'Readiness', 'Frozen', 'Attention']} rows={rows} /><p className="muted">Exceptions: <code>hackathon submissions exception</code>.</p>
      </section>
    </>
  );
}

async function voteAdminBody(ctx: PageContext): Promise<ReactNode> {
  await organizerOnly(ctx);
  const st = await ctx.read.must<CommunityStatus>('app.community_status()');
  const el = await ctx.read.must<Eligibility>('app.community_eligibility()');
  const reads = await ctx.read.try<BallotReads>('app.community_ballot_reads()');
  const c = el.counts;
  const candidates = (el.candidates as any[]).map((x) => [x.name, x.included ? 'included' : `excluded: ${x.reason}`, String(x.memberCount), x.confirmed ? 'yes' : 'no', x.ready ? 'ready' : (x.readiness ?? 'not ready')]);
  const audit = reads.ok
    ? <Table label="Ballot list reads" headers={['Who', 'When', 'Eligibility', 'Ballots']} rows={(reads.value.items as any[]).map((r) => [r.email, when(r.at), `v${r.eligibilityVersion}`, String(r.ballots)])} />
    : refusal(reads);
  return (
    <>
      {eventNav(ctx.status, '/event/admin')}{adminNav('/event/admin/vote')}<h1>Organize: vote</h1>
      <section className="card" aria-labelledby="w-h"><h2 id="w-h">Window</h2>{windowLine(st, ctx.status.timezone)}</section>
      <section className="card" aria-labelledby="e-h">
        <h2 id="e-h">Eligibility {el.locked ? <>version {el.version}, locked {when(el.lockedAt)}</> : '(draft, not locked)'}</h2>
        <p>{c.candidates} candidates ({c.candidatesExcluded} excluded), {c.voters} voters ({c.votersExcluded} excluded). Roster {el.rosterLocked ? 'locked' : 'not locked'}.</p>
        <Table label="Candidates" headers={['Team', 'Included', 'Members', 'Confirmed', 'Ready']} rows={candidates} />
      </section>
      <section className="card" aria-labelledby="a-h"><h2 id="a-h">Who read the ballot list</h2>{audit}</section>
    </>
  );
}

/** Ballots submitted over time as a small inline SVG: a step line of the running count (no script, no library). */
export function ballotChart(times: string[], voters: number): ReactNode {
  const at = times.map((t) => Date.parse(t)).filter((t) => !Number.isNaN(t)).sort((a, b) => a - b);
  if (!at.length) return <p className="muted">No ballot submitted yet.</p>;
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
  return (
    <svg role="img" aria-labelledby="chart-t" viewBox={`0 0 ${W} ${H}`} width={W} height={H} className="chart">
      <title id="chart-t">{`${at.length} of ${voters} ballots submitted, from ${new Date(t0).toISOString()} to ${new Date(at[at.length - 1]!).toISOString()}`}</title>
      <line x1="10" y1={y(top).toFixed(1)} x2={W - 10} y2={y(top).toFixed(1)} stroke="currentColor" strokeDasharray="3 3" opacity=".4" />
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

async function ballotsBody(ctx: PageContext): Promise<ReactNode> {
  await organizerOnly(ctx);
  // app_private.community_ballots() records this read (the audit the vote page lists).
  const b = await ctx.read.must<BallotList>('app_private.community_ballots()');
  const el = await ctx.read.must<Eligibility>('app.community_eligibility()');
  const items = b.items as any[];
  const submitted = items.filter((x) => x.submittedAt).map((x) => x.submittedAt as string);
  return (
    <>
      {eventNav(ctx.status, '/event/admin')}{adminNav('/event/admin/ballots')}<h1>Organize: ballots</h1>
      <p className="muted">Reading this list is recorded (eligibility v{b.eligibilityVersion}); it never shows a ranking.</p>
      <section className="card" aria-labelledby="c-h"><h2 id="c-h">Ballots submitted over time</h2>{ballotChart(submitted, el.counts.voters - el.counts.votersExcluded)}</section>
      <section className="card" aria-labelledby="b-h">
        <h2 id="b-h">Ballots ({items.length})</h2>
        <Table label="Ballots" headers={['Email', 'Name', 'State', 'Revision', 'Submitted', 'Invalidation']} rows={items.map((x) => [x.email, x.name ?? '', x.state, String(x.revision), when(x.submittedAt), x.invalidationReason ?? '-'])} />
      </section>
    </>
  );
}

/** A generated deck as the reviewer reads it: each screen's heading, its claims with their
 *  citations (or [unverified]), then the validation findings naming screen and claim. */
export function deckReview(screens: Screen[], findings: Finding[]): ReactNode {
  return (
    <details>
      <summary>Screens and findings</summary>
      <ol className="deck-review">
        {screens.map((sc, i) => (
          <li key={i}>
            <strong>{i + 1}. {sc.heading}</strong>
            <ul>
              {(sc.claims ?? []).map((c, j) => (
                <li key={j}>
                  {c.cite ? null : <><span className="badge">unverified</span>{' '}</>}{c.text}
                  {typeof c.quote === 'string' ? <pre><code>{c.quote}</code></pre> : null}
                  {c.cite ? <> <cite className="muted">{citationLabel(c.cite)}</cite></> : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {findings.length
        ? <><p><strong>Findings</strong></p><ul>{findings.map((x, i) => <li key={i}><code>{x.code}</code>{x.screen ? ` screen ${x.screen}${x.claim ? ` claim ${x.claim}` : ''}` : ''}: {x.message}</li>)}</ul></>
        : <p className="muted">No findings.</p>}
    </details>
  );
}

async function decksBody(ctx: PageContext): Promise<ReactNode> {
  await organizerOnly(ctx);
  const runs = await ctx.read.must<GenerationRuns>('app.deck_generation_runs()');
  const decks = await ctx.read.must<{ items: GeneratedDeckRow[] }>('app.generated_decks_list()');
  const back = <BackTo path="/event/admin/decks" />;
  const runRows = (runs.items as any[]).map((r) => [
    <code>{String(r.id).slice(0, 8)}</code>, `r${r.revision}${r.newRevision ? ' (new)' : ''}`, <span className="badge">{r.status}</span>, when(r.createdAt),
    Object.entries(r.counts ?? {}).map(([k, n]) => `${n} ${k}`).join(', '),
  ]);
  const teams = new Map<string, string>();
  // A pending deck's screens and findings, read next to its Approve/Reject form.
  const pending = (decks.items as any[]).filter((d) => d.review === 'pending' && !d.invalidated);
  const details = new Map<string, ReactNode>();
  for (const d of pending) {
    const full = await ctx.read.must<{ screens: Screen[]; findings: Finding[] }>('app.generated_deck($1)', [d.id]);
    details.set(d.id, deckReview(full.screens ?? [], full.findings ?? []));
  }
  const deckRows = (decks.items as any[]).map((d) => {
    teams.set(d.team.id, d.team.name);
    const review = d.review === 'pending' && !d.invalidated
      ? (
        <>
          <form method="post" action={`/event/admin/decks/${d.id}/review`} className="inline">
            {back}<label htmlFor={`note-${d.id}`} className="visually-hidden">Note on {d.team.name} {d.kind} v{d.version}</label><input id={`note-${d.id}`} name="note" maxLength={1000} placeholder="note (optional)" />
            <button type="submit" name="decision" value="approve">Approve</button> <button type="submit" name="decision" value="reject" className="danger">Reject</button>
          </form>
          {details.get(d.id) ?? null}
        </>
      )
      : null;
    return [d.team.name, d.kind, `v${d.version} (r${d.revision})`, <>{d.review}{review}</>, d.release, `${d.invalidated ? 'invalidated ' : ''}${d.evidenceChanged ? 'evidence changed ' : ''}${d.findings ? `${d.findings} findings` : ''}`];
  });
  const release = joined([...teams].map(([id, name]) => (
    <form method="post" action="/event/admin/decks/release" className="inline">{back}<Hidden name="projectId" value={id} /><button type="submit">Release {name}</button></form>
  )), ' ');
  return (
    <>
      {eventNav(ctx.status, '/event/admin')}{adminNav('/event/admin/decks')}<h1>Organize: generated decks</h1>
      <section className="card" aria-labelledby="g-h">
        <h2 id="g-h">Generation runs (current revision {runs.currentRevision ?? '—'})</h2>
        <form method="post" action="/event/admin/decks/generate">{back}<label className="check"><input type="checkbox" name="newRevision" value="1" /> New revision (keeps the old decks)</label><div className="actions"><button type="submit" className="primary">Generate</button></div></form>
        {runRows.length ? <Table label="Generation runs" headers={['Run', 'Revision', 'Status', 'Started', 'Jobs']} rows={runRows} /> : <p className="muted">No run yet.</p>}
      </section>
      <section className="card" aria-labelledby="d-h">
        <h2 id="d-h">Decks: review and release</h2>
        {deckRows.length ? <Table label="Generated decks" headers={['Team', 'Kind', 'Version', 'Review', 'Release', 'Notes']} rows={deckRows} /> : <p className="muted">No generated deck yet.</p>}
        {teams.size ? <p>Release the newest approved decks of a team: {release}</p> : null}
      </section>
    </>
  );
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
