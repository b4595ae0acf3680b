// GET /event: the event home. Name, phase, the next deadline counted down from the server's
// clock, notices, the programme, the feed's pinned posts (not for jury: SQL refuses them the
// feed), and for a participant their team, repository standing with its fix (read live, as
// GET /bootstrap does), submission state and last receipt; for organizers every team's state;
// for organizers and jurors the jury card (api/pages/event/jury.tsx).
import type { ApiDeps } from '../../deps.ts';
import { bootstrapCompleter, type StoredRecord } from '../../routes/bootstrap/index.ts';
import type { AgendaItem } from '../../../core/wire/event.ts';
import type { ReactNode } from 'react';
import { safeHref } from '../html.tsx';
import { countdown, eventNav, type EventStatus, keyed, phaseWords, PostItem, type Post, refusal, type Reader, Table, when, whenZoned } from './shared.tsx';
import type { SubmissionDetail, Submissions, SubmissionTeam } from '../../../core/wire/submissions.ts';
import { DECKS_NOTE } from '../../../core/wire/decks.ts';
import { juryCard } from './jury.tsx';

function programme(items: AgendaItem[]): ReactNode {
  if (!items.length) return <p className="muted">No programme yet.</p>;
  return <Table label="Programme" headers={['When', 'What', 'Kind']} rows={items.map((i) => [<>{when(i.startsAt)}{i.endsAt ? <> – {when(i.endsAt)}</> : null}</>, i.title, i.kind])} />;
}

export function receiptLine(r: any): ReactNode {
  if (!r) return <span className="muted">none yet</span>;
  return (
    <>
      Receipt #{r.sequence} {when(r.receivedAt)} <code>{String(r.sha ?? '').slice(0, 12)}</code> {r.verdict}{r.refusal ? ` (${r.refusal})` : ''}{r.late ? <> <span className="badge">late</span></> : null}
    </>
  );
}

async function participantCard(read: Reader, status: EventStatus, complete: ReturnType<typeof bootstrapCompleter>): Promise<ReactNode> {
  if (!status.team) return null;
  const team = status.team;
  // A participant with a team reads both (SQL would refuse the page otherwise).
  const stored = await read.must<StoredRecord>('app.bootstrap_record()');
  const submission = await read.must<SubmissionDetail>('app.submission_show($1)', [team.id]);
  let repo: ReactNode = <p className="muted">No repository assigned yet.</p>;
  if (stored.repository) {
    const record = await complete(stored);
    const access = record.repository!.access;
    const invitation = safeHref(access.invitationUrl);
    repo = (
      <dl className="facts">
        <dt>Repository</dt><dd><code>{record.repository!.fullName}</code> (branch {record.repository!.branch}, {record.repository!.readiness})</dd>
        <dt>Your standing</dt><dd><span className="badge">{access.standing}</span>{invitation ? <> <a href={invitation}>Accept the invitation</a></> : null}</dd>
        {access.fix ? <><dt>Fix</dt><dd>{access.fix}</dd></> : null}
      </dl>
    );
  }
  return (
    <section className="card" aria-labelledby="team-h">
      <h2 id="team-h">Your team: <a href="/event/team">{team.name}</a></h2>
      {repo}
      <dl className="facts">
        <dt>Submission</dt><dd><span className="badge">{submission.state}</span></dd><dt>Last receipt</dt><dd>{receiptLine(submission.receipts?.[0])}</dd>
        <dt>Decks</dt><dd>{DECKS_NOTE[0]!.toUpperCase() + DECKS_NOTE.slice(1)}</dd>
      </dl>
    </section>
  );
}

export function homeBody(deps: ApiDeps) {
  const complete = bootstrapCompleter(deps);
  return async ({ read, status }: { read: Reader; status: EventStatus }): Promise<ReactNode> => {
    const out: ReactNode[] = [eventNav(status, '/event')];
    const z = (iso: string | null | undefined) => whenZoned(iso, status.timezone);
    out.push(
      <h1>{status.name} <span className="badge">{phaseWords(status.phase)}</span></h1>,
      <section className="card" aria-labelledby="when-h">
        <h2 id="when-h">Next deadline</h2>{countdown(status)}
        <dl className="facts">
          <dt>Your role</dt><dd>{status.role}</dd><dt>Starts</dt><dd>{z(status.startsAt)}</dd><dt>Build ends</dt><dd>{z(status.buildEndsAt)}</dd>
          <dt>Freeze</dt><dd>{z(status.freezeAt)}</dd><dt>Vote</dt><dd>{z(status.voteOpensAt)} – {z(status.voteClosesAt)}{status.voteClosedAt ? <> (closed early, {z(status.voteClosedAt)})</> : null}</dd>
          <dt>Times</dt><dd>UTC, with the event's own time ({status.timezone}) in brackets</dd>
        </dl>
        {status.notices.map((n, i) => <p key={i}><strong>Build end moved</strong> to {when(n.buildEndsAt)}: {n.reason}</p>)}
        {status.resultsReleased ? <p><strong>Results are out</strong> (version {status.resultsReleased.version}, released {z(status.resultsReleased.releasedAt)}): <a href="/event/vote">see the community vote</a>.</p> : null}
      </section>,
    );
    if (status.role === 'participant') out.push(await participantCard(read, status, complete));
    if (status.role === 'organizer' && status.teams.length) {
      // During the build the submission state alone reads "waiting" for every team: the
      // repository, its readiness and the last push say where each team stands.
      const subs = await read.must<Submissions>('app.submissions_list()');
      const push = (t: SubmissionTeam): ReactNode => t.lastReceived ? <>{when(t.lastReceived.receivedAt)} <code>{t.lastReceived.sha.slice(0, 12)}</code>{t.lastReceived.late ? ' (late)' : ''}</> : 'none yet';
      out.push(
        <section className="card" aria-labelledby="teams-h">
          <h2 id="teams-h">Teams</h2>
          <Table label="Teams" headers={['Team', 'Repository', 'Readiness', 'Last push', 'Submission']} rows={subs.items.map((t) => [
            <a href={`/event/team?team=${t.project.id}`}>{t.project.name}</a>,
            t.repository ? <code>{t.repository.fullName}</code> : 'not provisioned yet',
            <>{t.readiness}{t.attention ? <> <span className="error">{t.attention}</span></> : null}</>,
            push(t),
            t.state,
          ])} />
        </section>,
      );
    }
    if (status.role === 'organizer' || status.role === 'jury') out.push(await juryCard(read)); // api/pages/event/jury.tsx
    // Every event role reads the programme.
    const agenda = await read.must<AgendaItem[]>('app.agenda()');
    out.push(<section className="card" aria-labelledby="prog-h"><h2 id="prog-h">Programme</h2>{programme(agenda)}</section>);
    const feed = await read.try<{ channel: { id: string }; pinned: Post[] }>('app.show_feed()');
    if (feed.ok) {
      out.push(
        <section className="card" aria-labelledby="pins-h">
          <h2 id="pins-h">Pinned in the feed</h2><ul className="posts">{feed.value.pinned.map((p) => <PostItem p={p} key={p.id} />)}</ul>
          {feed.value.pinned.length ? null : <p className="muted">Nothing pinned.</p>}<p><a href="/event/feed">Open the feed</a></p>
        </section>,
      );
    } else if (feed.error.code !== 'insufficient_event_role') out.push(<section className="card"><h2>Feed</h2>{refusal(feed)}</section>);
    return keyed(out);
  };
}
