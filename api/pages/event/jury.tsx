// The jury pages:
//   GET  /event/jury          a juror: their teams with progress (state, revision) and a link to
//                             each; an organizer: progress counts per team and per juror (never
//                             a score while judging runs); other roles: SQL's refusal in words
//   GET  /event/jury/:team    a juror: the team's released jury deck (its view, whose last screen
//                             is the provenance) beside a keyboard-first score form: one number
//                             per criterion, a private note, Save draft / Submit
//   POST /event/jury/:team    saves or submits through app.save_jury_score / app.submit_jury_score
//                             with the revision the page was drawn with, and answers the page
//                             drawn again in the same transaction: one round trip, no redirect
//   GET  /event/results       the released jury result beside the released community result
// Every section is one call of the SQL function the REST route calls, as the signed-in caller.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import type { JuryProgress, JuryResult, MyJuryScores } from '../../../core/wire/jury.ts';
import type { CommunityStatus, VoteResult } from '../../../core/wire/community.ts';
import type { EventStatus } from '../../../core/wire/event.ts';
import { sameOrigin } from '../../auth/caller.ts';
import { toAppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { withViews } from '../../routes/event/decks.ts';
import { asCaller } from '../../routes/support.ts';
import { appPage, problemPage } from '../components/layout.tsx';
import { pageIdentity, toSignin, whoIs } from '../components/session.ts';
import { safeHref } from '../html.tsx';
import { EVENT_JS_PATH } from './event-js.ts';
import { eventNav, eventPage, eventProblem, isUuid, keyed, type PageContext, Reader, Table, when } from './shared.tsx';

const STATE_WORDS: Record<string, string> = { none: 'not started', draft: 'draft saved', submitted: 'submitted' };

export function JuryResultTable({ r }: { r: JuryResult }): ReactNode {
  const rows = r.rows.map((x) => [String(x.rank ?? '-'), x.name, x.score ?? '-', x.fraction ?? '-', `${x.scores} of ${x.assigned}`]);
  const c = r.coverage;
  return (
    <>
      <p>Version {r.version} ({r.method}, calculated {when(r.calculatedAt)}, {r.released ? 'released' : 'unreleased'}, digest <code>{r.digest}</code>)</p>
      <Table label={`Jury result version ${r.version}`} headers={['Rank', 'Team', 'Score', 'Exact score (fraction)', 'Scores submitted']} rows={rows} />
      {r.ties.map((t, i) => <p key={i}>Tie at rank {t.rank}: {t.names.join(', ')}</p>)}
      <p className="muted">Coverage: {c.submitted} of {c.assigned} assigned scores submitted, {c.teamsScored} of {c.teams} teams scored, {c.jurors} {c.jurors === 1 ? 'juror' : 'jurors'}. Recount it with <code>podium jury recount</code> (docs/JUDGING.md).</p>
    </>
  );
}

/** The jury result as markup (a section of the results page). */
export function juryResultTable(r: JuryResult): ReactNode {
  return <JuryResultTable r={r} />;
}

function ProgressTables({ p }: { p: JuryProgress }): ReactNode {
  return (
    <>
      <p>{p.submitted} of {p.assigned} scores submitted (judging {p.state}).</p>
      <Table label="Progress per team" headers={['Team', 'Submitted', 'Drafts']} rows={p.teams.map((t) => [t.team, `${t.submitted} of ${t.assigned}`, String(t.drafts)])} />
      <Table label="Progress per juror" headers={['Juror', 'Submitted', 'Drafts', 'Late']} rows={p.jurors.map((j) => [j.name ? `${j.name} (${j.juror})` : j.juror, `${j.submitted} of ${j.assigned}`, String(j.drafts), j.late ? <strong>late</strong> : '—'])} />
    </>
  );
}

async function juryBody(ctx: PageContext): Promise<ReactNode> {
  const out: ReactNode[] = [eventNav(ctx.status, '/event/jury'), <h1>Jury</h1>];
  if (ctx.status.role === 'organizer') {
    const p = await ctx.read.must<JuryProgress>('app.jury_progress()');
    // data-refresh-on: the event pages' script draws this section again from the server when
    // one of those live changes arrives (api/pages/event/event-js.ts).
    out.push(<section className="card" aria-labelledby="p-h" id="jury-progress" data-refresh-on="jury.progress jury.window jury.released"><h2 id="p-h">Progress</h2><ProgressTables p={p} /><p className="muted">Counts only: the scores are read after the close.</p></section>);
    out.push(<p id="live-status" className="muted" role="status" aria-live="polite"></p>);
    return keyed(out);
  }
  const mine = await ctx.read.must<MyJuryScores>('app.my_jury_scores()');
  const done = mine.items.filter((i) => i.state === 'submitted').length;
  out.push(<p>Judging is <span className="badge">{mine.state}</span>. {done} of {mine.items.length} teams submitted.</p>);
  out.push(mine.items.length
    ? <Table label="Your teams" headers={['Team', 'Your score', 'Revision']} rows={mine.items.map((i) => [<a href={`/event/jury/${i.projectId}`}>{i.team}</a>, STATE_WORDS[i.state] ?? i.state, String(i.revision)])} />
    : <p className="muted">No team is assigned to you yet.</p>);
  return keyed(out);
}

/** The team page's body: the jury deck beside the score form. `notice` is what a save just did. */
async function teamBody(deps: ApiDeps, ctx: PageContext, pid: string, notice: ReactNode = null): Promise<ReactNode> {
  const mine = await ctx.read.must<MyJuryScores>('app.my_jury_scores()');
  const item = mine.items.find((i) => i.projectId === pid);
  const nav = eventNav(ctx.status, '/event/jury');
  if (!item) return <>{nav}<h1>Jury</h1><p>This team is not assigned to you. <a href="/event/jury">Your teams</a></p></>;
  const gallery = await ctx.read.try<{ items: { team: { id: string }; jury: { state: string; view?: string | null; version?: number } }[] }>('app.deck_gallery()');
  // This team's row only is signed: a save redraws the page, and a gallery has every team.
  const row = gallery.ok ? gallery.value.items.find((g) => g.team.id === pid) : undefined;
  const deck = row ? withViews(row, deps.config.publicUrl, deps.config.authSecret).jury : undefined;
  const view = safeHref(deck?.view);
  const open = mine.state === 'open';
  const values: Record<string, unknown> = item.draft ?? item.submission ?? {};
  const inputs = mine.criteria.map((c, i) => (
    <p key={c.position}>
      <label htmlFor={`c-${c.position}`}>{c.name} <span className="muted">{`(weight ${c.weight}; ${mine.scale.min}–${mine.scale.max})`}</span></label>
      <input id={`c-${c.position}`} name={`score:${c.name}`} type="number" inputMode="numeric" min={mine.scale.min} max={mine.scale.max} step="1" defaultValue={String(values[c.name] ?? '')}
        autoFocus={i === 0 && open} disabled={!open} aria-describedby={c.description ? `d-${c.position}` : undefined} />
      {c.description ? <span id={`d-${c.position}`} className="muted">{c.description}</span> : null}
    </p>
  ));
  return (
    <>
      {nav}
      <h1>{`Jury: ${item.team}`}</h1>{notice}
      <div className="split">
        <section className="card" aria-labelledby="deck-h">
          <h2 id="deck-h">Jury deck</h2>
          {view
            ? <><p><a href={view} target="_blank" rel="noopener">Open the jury deck v{deck?.version} (its last screen is the provenance)</a></p><iframe title={`Jury deck of ${item.team}`} src={view} sandbox="allow-scripts" loading="lazy" width="640" height="400"></iframe></>
            : <p className="muted">No jury deck is released for this team yet ({deck?.state ?? 'unknown'}).</p>}
        </section>
        <section className="card" aria-labelledby="form-h">
          <h2 id="form-h">Your score</h2>
          <dl className="facts">
            <dt>State</dt><dd><span className="badge">{STATE_WORDS[item.state] ?? item.state}</span></dd><dt>Revision</dt><dd>{item.revision}</dd><dt>Submitted</dt><dd>{when(item.submittedAt)}</dd>
            {item.submission ? <><dt>Submitted values</dt><dd>{mine.criteria.map((c) => `${c.name} ${item.submission?.[c.name] ?? '-'}`).join(', ')}</dd></> : null}
          </dl>
          <form method="post" action={`/event/jury/${pid}`} id="score-form">
            <input type="hidden" name="expectedRevision" value={String(item.revision)} />
            {inputs}
            <p><label htmlFor="note">Private note <span className="muted">(only you read it)</span></label><textarea id="note" name="note" rows={4} maxLength={4000} disabled={!open} defaultValue={item.note ?? ''}></textarea></p>
            {open ? null : <p className="muted">Judging is {mine.state}: scores are saved only while it is open.</p>}
            <div className="actions"><button type="submit" name="action" value="save" accessKey="s" disabled={!open}>Save draft</button><button type="submit" name="action" value="submit" className="primary" accessKey="u" disabled={!open}>Submit score</button></div>
            <p className="muted">Keyboard: Tab moves between the values; Enter saves a draft; Alt+Shift+U submits.</p>
          </form>
        </section>
      </div>
      <p><a href="/event/jury">All your teams</a></p>
    </>
  );
}

export function registerJuryPages(app: FastifyInstance, deps: ApiDeps): void {
  app.get('/event/jury', { config: { auth: 'none' } }, eventPage(deps, () => 'Jury', juryBody));
  app.get<{ Querystring: unknown; Params: { team: string } }>('/event/jury/:team', { config: { auth: 'none' } }, eventPage<unknown, { team: string }>(deps, () => 'Jury', async (ctx, _q, p) => {
    if (!isUuid(p.team)) return <>{eventNav(ctx.status, '/event/jury')}<h1>Jury</h1><p>No such team. <a href="/event/jury">Your teams</a></p></>;
    return teamBody(deps, ctx, p.team);
  }));
  // One round trip: the save and the page drawn again in one transaction as the caller.
  app.post<{ Params: { team: string }; Body: Record<string, string> }>('/event/jury/:team', { config: { auth: 'none' }, bodyLimit: 64 * 1024 }, async (req: FastifyRequest<{ Params: { team: string }; Body: Record<string, string> }>, reply: FastifyReply) => {
    if (!sameOrigin(req, deps.config)) return problemPage(reply, 403, 'Not allowed', 'Send event forms from this instance’s own pages.', null);
    const identity = await pageIdentity(req, deps);
    if (!identity) return toSignin(req, reply);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, string>;
    const pid = req.params.team;
    if (!isUuid(pid)) return problemPage(reply, 404, 'Not found', 'No such team.', whoIs(identity));
    try {
      const html = await asCaller(req, deps.pool, async (c) => {
        const read = new Reader(c);
        const status = await read.must<EventStatus>('app.event_status()');
        const ctx = { req, identity, read, status };
        const scores: Record<string, number> = {};
        for (const [k, v] of Object.entries(body)) {
          if (!k.startsWith('score:') || String(v).trim() === '') continue;
          if (!/^\d{1,3}$/.test(String(v).trim())) return teamBody(deps, ctx, pid, <p role="alert"><strong>Not saved:</strong> {k.slice(6)} must be a whole number.</p>);
          scores[k.slice(6)] = Number(String(v).trim());
        }
        const rev = /^\d{1,9}$/.test(String(body.expectedRevision ?? '')) ? Number(body.expectedRevision) : -1;
        const fn = body.action === 'submit' ? 'app.submit_jury_score($1, $2, $3, $4)' : 'app.save_jury_score($1, $2, $3, $4)';
        const r = await read.try<{ state: string; revision: number }>(fn, [pid, JSON.stringify(scores), typeof body.note === 'string' ? body.note : null, rev]);
        const notice = r.ok
          ? <p role="status"><strong>{r.value.state === 'submitted' && body.action === 'submit' ? 'Score submitted' : 'Draft saved'}</strong> (revision {r.value.revision}).</p>
          : <p role="alert"><strong>Not saved:</strong> {r.error.message}</p>;
        return teamBody(deps, ctx, pid, notice);
      });
      return appPage(reply, 'Jury', html, { signedInAs: whoIs(identity), script: EVENT_JS_PATH });
    } catch (err) {
      return eventProblem(reply, toAppError(err), identity);
    }
  });
  app.get('/event/results', { config: { auth: 'none' } }, eventPage(deps, () => 'Results', resultsBody));
}

/** The released jury result beside the released community result; the gallery's winners. */
async function resultsBody(ctx: PageContext): Promise<ReactNode> {
  const jury = await ctx.read.try<{ items: JuryResult[] }>('app.list_jury_results()');
  const j = jury.ok ? jury.value.items.find((r) => r.released) ?? null : null;
  const community = ctx.status.voteSection === 'on' ? await ctx.read.try<CommunityStatus>('app.community_status()') : null;
  const c: VoteResult | null = community?.ok ? community.value.results : null;
  const names = new Map<string, string>();
  for (const r of j?.rows ?? []) names.set(r.projectId, r.name);
  for (const r of c?.rows ?? []) names.set(r.projectId, r.name);
  const jr = new Map((j?.rows ?? []).map((r) => [r.projectId, r]));
  const cr = new Map((c?.rows ?? []).map((r) => [r.projectId, r]));
  const order = [...names.keys()].sort((a, b) => (jr.get(a)?.rank ?? 1e9) - (jr.get(b)?.rank ?? 1e9) || (cr.get(a)?.rank ?? 1e9) - (cr.get(b)?.rank ?? 1e9) || names.get(a)!.localeCompare(names.get(b)!));
  const side = names.size
    ? <Table label="Jury and community side by side" headers={['Team', 'Jury rank', 'Jury score', 'Community rank', 'Community score']} rows={order.map((id) => [names.get(id), String(jr.get(id)?.rank ?? '—'), jr.get(id)?.score ?? '—', String(cr.get(id)?.rank ?? '—'), cr.get(id)?.score ?? '—'])} />
    : <p className="muted">Nothing released yet.</p>;
  return (
    <>
      {eventNav(ctx.status, '/event/results')}<h1>Results</h1>
      <section className="card" aria-labelledby="side-h"><h2 id="side-h">Side by side</h2><p className="muted">Two different rankings, never merged: the jury's scores against its criteria, and the participants' community vote.</p>{side}</section>
      <div className="split">
        <section className="card" aria-labelledby="j-h"><h2 id="j-h">Jury</h2>{j ? <JuryResultTable r={j} /> : <p className="muted">The jury result is not released yet.</p>}</section>
        <section className="card" aria-labelledby="c-h"><h2 id="c-h">Community</h2>{c
          ? <><p>Version {c.version}, digest <code>{c.digest}</code></p><Table label="Community result" headers={['Rank', 'Team', 'Score']} rows={c.rows.map((x) => [String(x.rank ?? '-'), x.name, x.score ?? '-'])} /></>
          : <p className="muted">The community result is not released yet.</p>}</section>
      </div>
    </>
  );
}

/** The winners the gallery marks: rank 1 of the released jury result and of the released community result. */
export async function galleryWinners(read: Reader, status: EventStatus): Promise<Map<string, string[]>> {
  const marks = new Map<string, string[]>();
  const add = (id: string, what: string) => marks.set(id, [...(marks.get(id) ?? []), what]);
  const jury = await read.try<{ items: JuryResult[] }>('app.list_jury_results()');
  const j = jury.ok ? jury.value.items.find((r) => r.released) : undefined;
  for (const r of j?.rows ?? []) if (r.rank === 1) add(r.projectId, 'Jury winner');
  if (status.voteSection === 'on') {
    const c = await read.try<CommunityStatus>('app.community_status()');
    for (const r of (c.ok ? c.value.results?.rows : undefined) ?? []) if (r.rank === 1) add(r.projectId, 'Community winner');
  }
  return marks;
}

/** The event dashboard's jury card: organizers see the judging state and counts (late jurors), a juror their own progress. */
export async function juryCard(read: Reader): Promise<ReactNode> {
  const st = await read.try<{ state: string; role: string; progress?: JuryProgress; assigned?: number; submitted?: number }>('app.jury_status()');
  if (!st.ok) return null;
  const s = st.value;
  if (s.role === 'organizer' && s.progress) {
    const p = s.progress;
    if (p.assigned === 0 && s.state === 'setup') return null;
    const late = p.jurors.filter((j) => j.late).length;
    return <section className="card" aria-labelledby="jury-h"><h2 id="jury-h">Jury</h2><p>Judging <span className="badge">{s.state}</span>: {p.submitted} of {p.assigned} scores submitted{late ? `, ${late} ${late === 1 ? 'juror' : 'jurors'} late` : ''}. <a href="/event/jury">Progress per team and juror</a></p></section>;
  }
  if (s.role === 'jury') {
    return <section className="card" aria-labelledby="jury-h"><h2 id="jury-h">Judging</h2><p>Judging <span className="badge">{s.state}</span>: you submitted {s.submitted ?? 0} of {s.assigned ?? 0} teams. <a href="/event/jury">Your teams</a></p></section>;
  }
  return null;
}
