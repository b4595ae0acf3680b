// GET /event: the event home. Name, phase, the next deadline counted down from the server's
// clock, notices, the programme, the feed's pinned posts (not for jury: SQL refuses them the
// feed), and for a participant their team, repository standing with its fix (read live, as
// GET /bootstrap does), submission state and last receipt; for organizers every team's state.
import type { ApiDeps } from '../../deps.ts';
import { bootstrapCompleter, type StoredRecord } from '../../routes/bootstrap/index.ts';
import type { AgendaItem } from '../../../core/wire/event.ts';
import { esc } from '../html.ts';
import { countdown, eventNav, type EventStatus, phaseWords, postItem, type Post, refusal, type Reader, table, when, whenZoned } from './shared.ts';
import type { SubmissionDetail, Submissions, SubmissionTeam } from '../../../core/wire/submissions.ts';
import { DECKS_NOTE } from '../../../core/wire/decks.ts';
import { juryCard } from './jury.ts';

function programme(items: AgendaItem[]): string {
  if (!items.length) return '<p class="muted">No programme yet.</p>';
  return table('Programme', ['When', 'What', 'Kind'], items.map((i) => [`${when(i.startsAt)}${i.endsAt ? ` – ${when(i.endsAt)}` : ''}`, esc(i.title), esc(i.kind)]));
}

export function receiptLine(r: any): string {
  if (!r) return '<span class="muted">none yet</span>';
  return `Receipt #${r.sequence} ${when(r.receivedAt)} <code>${esc(String(r.sha ?? '').slice(0, 12))}</code> ${esc(r.verdict)}${r.refusal ? ` (${esc(r.refusal)})` : ''}${r.late ? ' <span class="badge">late</span>' : ''}`;
}

async function participantCard(read: Reader, status: EventStatus, complete: ReturnType<typeof bootstrapCompleter>): Promise<string> {
  if (!status.team) return '';
  const team = status.team;
  // A participant with a team reads both (SQL would refuse the page otherwise).
  const stored = await read.must<StoredRecord>('app.bootstrap_record()');
  const submission = await read.must<SubmissionDetail>('app.submission_show($1)', [team.id]);
  let repo = '<p class="muted">No repository assigned yet.</p>';
  if (stored.repository) {
    const record = await complete(stored);
    const access = record.repository!.access;
    repo = `<dl class="facts"><dt>Repository</dt><dd><code>${esc(record.repository!.fullName)}</code> (branch ${esc(record.repository!.branch)}, ${esc(record.repository!.readiness)})</dd>
<dt>Your standing</dt><dd><span class="badge">${esc(access.standing)}</span>${access.invitationUrl ? ` <a href="${esc(access.invitationUrl)}">Accept the invitation</a>` : ''}</dd>
${access.fix ? `<dt>Fix</dt><dd>${esc(access.fix)}</dd>` : ''}</dl>`;
  }
  const sub = `<dl class="facts"><dt>Submission</dt><dd><span class="badge">${esc(submission.state)}</span></dd><dt>Last receipt</dt><dd>${receiptLine(submission.receipts?.[0])}</dd><dt>Decks</dt><dd>${esc(DECKS_NOTE[0]!.toUpperCase() + DECKS_NOTE.slice(1))}</dd></dl>`;
  return `<section class="card" aria-labelledby="team-h"><h2 id="team-h">Your team: <a href="/event/team">${esc(team.name)}</a></h2>${repo}${sub}</section>`;
}

export function homeBody(deps: ApiDeps) {
  const complete = bootstrapCompleter(deps);
  return async ({ read, status }: { read: Reader; status: EventStatus }): Promise<string> => {
    const out: string[] = [eventNav(status, '/event')];
    const z = (iso: string | null | undefined) => whenZoned(iso, status.timezone);
    out.push(`<h1>${esc(status.name)} <span class="badge">${esc(phaseWords(status.phase))}</span></h1>
<section class="card" aria-labelledby="when-h"><h2 id="when-h">Next deadline</h2>${countdown(status)}
<dl class="facts"><dt>Your role</dt><dd>${esc(status.role)}</dd><dt>Starts</dt><dd>${z(status.startsAt)}</dd><dt>Build ends</dt><dd>${z(status.buildEndsAt)}</dd>
<dt>Freeze</dt><dd>${z(status.freezeAt)}</dd><dt>Vote</dt><dd>${z(status.voteOpensAt)} – ${z(status.voteClosesAt)}${status.voteClosedAt ? ` (closed early, ${z(status.voteClosedAt)})` : ''}</dd><dt>Times</dt><dd>UTC, with the event's own time (${esc(status.timezone)}) in brackets</dd></dl>
${status.notices.map((n) => `<p><strong>Build end moved</strong> to ${when(n.buildEndsAt)}: ${esc(n.reason)}</p>`).join('')}
${status.resultsReleased ? `<p><strong>Results are out</strong> (version ${status.resultsReleased.version}, released ${z(status.resultsReleased.releasedAt)}): <a href="/event/vote">see the community vote</a>.</p>` : ''}</section>`);
    if (status.role === 'participant') out.push(await participantCard(read, status, complete));
    if (status.role === 'organizer' && status.teams.length) {
      // During the build the submission state alone reads "waiting" for every team: the
      // repository, its readiness and the last push say where each team stands.
      const subs = await read.must<Submissions>('app.submissions_list()');
      const push = (t: SubmissionTeam) => t.lastReceived ? `${when(t.lastReceived.receivedAt)} <code>${esc(t.lastReceived.sha.slice(0, 12))}</code>${t.lastReceived.late ? ' (late)' : ''}` : 'none yet';
      out.push(`<section class="card" aria-labelledby="teams-h"><h2 id="teams-h">Teams</h2>${table('Teams', ['Team', 'Repository', 'Readiness', 'Last push', 'Submission'], subs.items.map((t) => [
        `<a href="/event/team?team=${esc(t.project.id)}">${esc(t.project.name)}</a>`,
        t.repository ? `<code>${esc(t.repository.fullName)}</code>` : 'not provisioned yet',
        esc(t.readiness) + (t.attention ? ` <span class="error">${esc(t.attention)}</span>` : ''),
        push(t),
        esc(t.state),
      ]))}</section>`);
    }
    if (status.role === 'organizer' || status.role === 'jury') out.push(await juryCard(read)); // issue 43 (api/pages/event/jury.ts)
    // Every event role reads the programme.
    const agenda = await read.must<AgendaItem[]>('app.agenda()');
    out.push(`<section class="card" aria-labelledby="prog-h"><h2 id="prog-h">Programme</h2>${programme(agenda)}</section>`);
    const feed = await read.try<{ channel: { id: string }; pinned: Post[] }>('app.show_feed()');
    if (feed.ok) {
      out.push(`<section class="card" aria-labelledby="pins-h"><h2 id="pins-h">Pinned in the feed</h2><ul class="posts">${feed.value.pinned.map((p) => postItem(p)).join('')}</ul>
${feed.value.pinned.length ? '' : '<p class="muted">Nothing pinned.</p>'}<p><a href="/event/feed">Open the feed</a></p></section>`);
    } else if (feed.error.code !== 'insufficient_event_role') out.push(`<section class="card"><h2>Feed</h2>${refusal(feed)}</section>`);
    return out.join('\n');
  };
}
