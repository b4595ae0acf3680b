// Jury test data: the vote fixture (workspace, event, roster of teams, clock after the
// freeze) with jurors on the roster, criteria, and helpers to open and close judging.
import type pg from 'pg';
import { voteFixture, type VoteFixture } from './vote.ts';

export const CRITERIA = [
  { name: 'Impact', description: 'Does it matter?', weight: 3 },
  { name: 'Execution', weight: 2 },
];

export interface JuryFixture extends VoteFixture {
  jurors: string[];
}

let n = 0;
export async function juryFixture(pool: pg.Pool, opts: { teams?: Record<string, string[]>; jurors?: string[]; others?: { email: string; role: string }[] } = {}): Promise<JuryFixture> {
  const name = `Jury${process.pid % 1000}x${++n}`;
  const jurors = opts.jurors ?? ['j1@jury.test', 'j2@jury.test', 'j3@jury.test'];
  const fx = await voteFixture(pool, name, {
    teams: opts.teams ?? { Rocket: ['ann@x.test'], Comet: ['cat@x.test'], Apollo: ['dan@x.test'] },
    others: [...jurors.map((email) => ({ email, role: 'jury' })), ...(opts.others ?? [])],
    voteSection: false,
    ready: [],
  });
  return { ...fx, jurors };
}

/** Criteria, a plan (k), and judging open. */
export async function openJury(fx: JuryFixture, k = 2, criteria: unknown = CRITERIA): Promise<any> {
  await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(criteria)]);
  const plan = await fx.call('owner', 'app.assign_jury($1, $2)', [k, 7]);
  await fx.call('owner', 'app.open_jury()');
  return plan;
}

/** The teams a juror is assigned to (project ids). */
export async function assignedTo(fx: JuryFixture, juror: string): Promise<string[]> {
  return (await fx.pool.query('select project_id from app.jury_assignments where event_id = $1 and juror = $2 order by project_id', [fx.eventId, juror])).rows.map((r) => r.project_id);
}

export const score = (fx: JuryFixture, juror: string, team: string, scores: Record<string, number>, opts: { submit?: boolean; rev?: number; note?: string | null } = {}) =>
  fx.call(juror, `app.${opts.submit ? 'submit' : 'save'}_jury_score($1, $2, $3, $4)`, [team, JSON.stringify(scores), opts.note ?? null, opts.rev ?? 0]);

/** A help request of a team claimed by someone (an advisor's claim, as the request functions record it). */
export async function claimedRequest(fx: JuryFixture, team: string, claimer: string): Promise<void> {
  const ch = (await fx.pool.query(`insert into app.chat_channels (event_id, kind, team_id) values ($1, 'request', $2) returning id`, [fx.eventId, fx.teams[team]])).rows[0].id;
  await fx.pool.query(`insert into app.help_requests (event_id, team_id, channel_id, title, body, status, claimed_by, claimed_at)
    values ($1, $2, $3, 'Build fails', 'help', 'claimed', $4, now())`, [fx.eventId, fx.teams[team], ch, fx.users[claimer]]);
}
