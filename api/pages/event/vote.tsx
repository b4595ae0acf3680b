// GET /event/vote: the community vote for participants and advisors (organizers see the
// window and candidates). The vote section off is SQL's vote_off: a page in words, and no
// link to it in the event navigation. A voter ranks every candidate but their own team, each
// with its vote presentation: without JavaScript by position numbers, with it by drag and drop
// or by keyboard alone (Move up / Move down buttons, the order announced in a live region).
// POST /event/vote saves the draft (action=save) or submits (action=submit) through
// app.save_vote_ballot / app.submit_vote_ballot with the eligibility version and revision the
// page was drawn with; refusals (revision_conflict, invalid_ballot, voting_not_open...) are
// pages in SQL's words. After a release: the result with the method explained (docs/VOTING.md).
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import type { ReactNode } from 'react';
import { safeHref } from '../html.tsx';
import type { Ballot, CommunityStatus, RankedProject, VoteResult, VoteWindow } from '../../../core/wire/community.ts';
import { eventNav, eventPage, formAction, isUuid, keyed, type PageContext, refusal, Table, when, whenZoned } from './shared.tsx';

/** The vote's window, its instants in UTC with the event's own time beside them. */
export function windowLine(w: VoteWindow, timezone: string): ReactNode {
  const z = (iso: string | null | undefined) => whenZoned(iso, timezone);
  return (
    <dl className="facts">
      <dt>Vote</dt><dd><span className="badge">{w.voteState}</span></dd><dt>Window</dt><dd>{z(w.opensAt)} – {z(w.closesAt)}</dd>
      {w.votingOpenedAt ? <><dt>Opened</dt><dd>{z(w.votingOpenedAt)}</dd></> : null}{w.votingClosedAt ? <><dt>Closed</dt><dd>{z(w.votingClosedAt)}</dd></> : null}<dt>Server time</dt><dd>{z(w.serverTime)}</dd>
    </dl>
  );
}

/** After a form post: what the stored ballot now is, in words (the confirmation the voter waits for). */
export function ballotConfirmation(b: Pick<Ballot, 'state' | 'revision' | 'submittedAt'>, open: boolean): ReactNode {
  if (b.state === 'submitted') {
    return <p role="status"><strong>Your ballot is submitted</strong> (revision {b.revision}): it counts.{open ? ' You may change it and submit again until the vote closes.' : ''}</p>;
  }
  if (b.state === 'draft') return <p role="status"><strong>Draft saved</strong> (revision {b.revision}). It counts only once you submit it.</p>;
  return null;
}

export function resultTable(r: VoteResult): ReactNode {
  // "0/1" beside "4" read as "0 of 1 ballot": the exact score is a mean, so it is labelled as
  // one, and the ballots column says what it counts.
  const rows = r.rows.map((x) => [String(x.rank ?? '-'), x.name, x.score ?? '-', x.fraction ?? '-', `${x.ballots} ${x.ballots === 1 ? 'ballot' : 'ballots'}`]);
  const c = r.coverage;
  return (
    <>
      <p>Version {r.version} (eligibility v{r.eligibilityVersion}, calculated {when(r.calculatedAt)}, {r.released ? 'released' : 'unreleased'}, digest <code>{r.digest}</code>)</p>
      <Table label={`Result version ${r.version}`} headers={['Rank', 'Team', 'Score', 'Exact score (mean, as a fraction)', 'Ranked on']} rows={rows} />
      {r.ties.map((t, i) => <p key={i}>Tie at rank {t.rank}: {t.names.join(', ')}{tieReason(r, t)}</p>)}
      <p className="muted">Coverage: {c.submitted} of {c.voters} voters submitted, {c.invalidated} invalidated, {c.candidates} candidates; excluded: {c.excludedCandidates} projects, {c.excludedVoters} voters.</p>
    </>
  );
}

/**
 * Beside a tie between teams ranked by different numbers of ballots: why they tie anyway (a
 * score is a mean over the ballots that rank the team, so equal means tie whatever the count).
 */
export function tieReason(r: VoteResult, t: { rank: number; names: string[] }): ReactNode {
  const rows = r.rows.filter((x) => x.rank === t.rank && t.names.includes(x.name));
  if (new Set(rows.map((x) => x.ballots)).size < 2) return null;
  const each = rows.map((x) => `${x.name} ${x.fraction ?? '-'} over ${x.ballots} ${x.ballots === 1 ? 'ballot' : 'ballots'}`).join(', ');
  return <> <span className="muted">{`(equal scores from different numbers of ballots: a score is the mean over the ballots that rank the team, so ${each} tie)`}</span></>;
}

/** A ballot's state as words: `none` is a ballot not saved yet. */
export function ballotStateWords(state: string): string {
  return state === 'none' ? 'not saved yet' : state;
}

const METHOD = (
  <details>
    <summary>How the score is counted</summary>
    <p>
      On a ballot ranking <var>k</var> candidates, the candidate at position <var>p</var> gets (<var>k</var> − <var>p</var>) / (<var>k</var> − 1) (a ballot of one candidate gives it 1): the best gets 1, the last 0.
      A team's score is the mean over the counted ballots that rank it, an exact fraction shown rounded to 4 places. Teams are ranked by score; equal
      fractions share a rank. Every voter's ballot weighs the same whatever their team, and nobody ranks their own team, so a team is not punished for
      the votes its own members cannot give. The digest lets anyone check the counted ballots with <code>podium vote recount</code>.
    </p>
    <p>This is the community ranking (one ballot per participant), not the jury's result.</p>
  </details>
);

function RankingForm({ b, open, voteState }: { b: any; open: boolean; voteState: string }): ReactNode {
  const byId = new Map<string, any>((b.candidates as any[]).map((c) => [c.projectId, c]));
  const saved: RankedProject[] = (b.draft?.length ? b.draft : b.submission) ?? [];
  const order = [...saved.map((s) => byId.get(s.projectId)).filter(Boolean), ...(b.candidates as any[]).filter((c) => !saved.some((s) => s.projectId === c.projectId))];
  const n = order.length;
  // Saving and submitting are refused outside the open vote: the buttons say so instead of inviting a refusal.
  return (
    <form method="post" action="/event/vote" id="ballot-form">
      <input type="hidden" name="back" value="/event/vote?done=1" />
      <input type="hidden" name="eligibilityVersion" value={String(b.eligibilityVersion ?? '')} /><input type="hidden" name="expectedRevision" value={String(b.revision ?? '')} />
      <p id="rank-help" className="muted">{n > 1 ? 'Best first. Drag a team, or use its Move up and Move down buttons; without scripts, number the positions.' : n === 1 ? 'One team to rank: save or submit it as it is.' : 'No team to rank.'}</p>
      <ol id="ranking" className="ranking" aria-describedby="rank-help">
        {order.map((c, i) => {
          const vote = safeHref(c.voteLink);
          return (
            <li draggable="true" data-project={c.projectId} key={c.projectId}>
              <span className="grip" aria-hidden="true">⠿</span> <strong className="name">{c.name}</strong>{' '}
              {vote ? <a href={vote} target="_blank" rel="noopener">Vote presentation<span className="visually-hidden"> of {c.name}</span></a> : <span className="muted">no vote presentation</span>}{' '}
              <span className="rank-input"><label htmlFor={`rank-${c.projectId}`}>Position of {c.name}</label><input id={`rank-${c.projectId}`} type="number" name={`rank:${c.projectId}`} min="1" max={n} defaultValue={i + 1} /></span>{' '}
              {n > 1 ? <span className="movers" hidden><button type="button" data-move="up">Move up<span className="visually-hidden"> {c.name}</span></button> <button type="button" data-move="down">Move down<span className="visually-hidden"> {c.name}</span></button></span> : null}
            </li>
          );
        })}
      </ol>
      <p id="rank-status" className="visually-hidden" role="status" aria-live="assertive"></p>
      {open ? null : <p className="muted">The vote is {voteState}: ballots are saved and submitted only while it is open.</p>}
      <div className="actions"><button type="submit" name="action" value="save" disabled={!open}>Save draft</button><button type="submit" name="action" value="submit" className="primary" disabled={!(b.canSubmit && open)}>Submit ballot</button></div>
    </form>
  );
}

async function voteBody(ctx: PageContext, query: { done?: string }): Promise<ReactNode> {
  const { read, status } = ctx;
  const out: ReactNode[] = [eventNav(status, '/event/vote'), <h1>Community vote</h1>];
  if (status.voteSection === 'off') {
    // Not a refusal: the vote simply is not on yet (the page is not linked until it is).
    out.push(status.role === 'organizer'
      ? <section className="card"><p>The vote section is off: participants see no vote and no ranking form. Turn it on under <a href="/event/admin">Organize</a> (or <code>hackathon event vote --on</code>) once the build is frozen.</p></section>
      : <section className="card"><p>The community vote is not on yet. Your organizers turn it on after the build; this page then shows the teams to rank and their vote presentations.</p></section>);
    return keyed(out);
  }
  const st = await read.must<CommunityStatus>('app.community_status()');
  const open = st.voteState === 'open';
  out.push(<section className="card" aria-labelledby="w-h"><h2 id="w-h">Window</h2>{windowLine(st, status.timezone)}<p className="muted">{st.notice}</p></section>);
  if (st.role === 'organizer') {
    const c = await read.must<{ eligibilityVersion: number | null; submitted: number; invalidated: number; voters: number }>('app.community_coverage()');
    out.push(
      <section className="card" aria-labelledby="cov-h">
        <h2 id="cov-h">Coverage</h2>
        <p>{c.eligibilityVersion === null
          ? 'No eligibility locked yet: no voters.'
          : `${c.submitted} of ${c.voters} voters submitted (${c.voters ? Math.round((100 * c.submitted) / c.voters) : 0}%), ${c.invalidated} invalidated (eligibility v${c.eligibilityVersion}).`}</p>
      </section>,
    );
  }
  if (st.results) out.push(<section className="card" aria-labelledby="res-h"><h2 id="res-h">Result</h2>{resultTable(st.results)}{METHOD}</section>);
  if (st.voter.eligible) {
    const ballot = await read.try<Ballot>('app.community_ballot()');
    if (!ballot.ok) out.push(<section className="card"><h2>Your ballot</h2>{refusal(ballot)}</section>);
    else {
      const b = ballot.value;
      if (query.done) out.splice(2, 0, ballotConfirmation(b, open));
      const names = (list: RankedProject[] | null) => (list?.length ? <ol>{list.map((x, i) => <li key={i}>{x.name}</li>)}</ol> : <p className="muted">none</p>);
      out.push(
        <section className="card" aria-labelledby="b-h">
          <h2 id="b-h">Your ballot</h2>
          <dl className="facts">
            <dt>Team</dt><dd>{b.team?.name ?? '—'}</dd>
            <dt>State</dt><dd><span className="badge" id="ballot-state">{ballotStateWords(b.state)}</span></dd><dt>Revision</dt><dd>{b.revision > 0 ? b.revision : '— (nothing saved yet)'}</dd>
            <dt>Saved</dt><dd>{when(b.acceptedAt)}</dd><dt>Submitted</dt><dd>{when(b.submittedAt)}</dd>
            {b.invalidationReason ? <><dt>Invalidated</dt><dd>{b.invalidationReason}</dd></> : null}{b.cannotSubmitReason ? <><dt>Submitting</dt><dd>Not now: {b.cannotSubmitReason}</dd></> : null}
          </dl>
          <h3>Submitted ranking</h3><div id="submitted">{names(b.submission)}</div><RankingForm b={b} open={open} voteState={st.voteState} />
        </section>,
      );
    }
  } else {
    out.push(<section className="card"><h2>Your ballot</h2><p>You do not vote{st.voter.reason ? `: ${st.voter.reason}` : ''}.</p></section>);
    out.push(<section className="card" aria-labelledby="c-h"><h2 id="c-h">Candidates</h2><ul>{st.candidates.map((c, i) => <li key={i}>{c.name}{c.yours ? ' (yours)' : ''}</li>)}</ul></section>);
  }
  return keyed(out);
}

function whole(v: string | undefined, field: string): number {
  if (typeof v !== 'string' || !/^\d{1,9}$/.test(v)) throw new AppError('invalid_input', `${field} must be a whole number`, { field });
  return Number(v);
}

/** The ranking the form carries: `rank:<projectId>` positions, best first; a blank position leaves the team out (a partial draft). */
export function rankingOf(body: Record<string, string>): string[] {
  const ranks: { id: string; at: number; i: number }[] = [];
  Object.entries(body).forEach(([k, v], i) => {
    if (!k.startsWith('rank:') || String(v).trim() === '') return;
    const id = k.slice(5);
    if (!isUuid(id)) throw new AppError('invalid_input', 'A position names no candidate', { field: k });
    ranks.push({ id, at: whole(String(v).trim(), 'position'), i });
  });
  return ranks.sort((a, b) => a.at - b.at || a.i - b.i).map((r) => r.id);
}

export function registerVotePage(app: FastifyInstance, deps: ApiDeps): void {
  app.get('/event/vote', { config: { auth: 'none' } }, eventPage<{ done?: string }>(deps, () => 'Community vote', voteBody));
  formAction(deps, app, '/event/vote', async (c, _p, body) => {
    const action = body.action === 'submit' ? 'app.submit_vote_ballot($1, $2, $3)' : body.action === 'save' ? 'app.save_vote_ballot($1, $2, $3)' : null;
    if (!action) throw new AppError('invalid_input', 'Choose Save draft or Submit ballot', { field: 'action' });
    await c.query(`select ${action}`, [rankingOf(body), whole(body.eligibilityVersion, 'eligibilityVersion'), whole(body.expectedRevision, 'expectedRevision')]);
  });
}
