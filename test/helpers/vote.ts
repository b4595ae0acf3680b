// Community vote test data in SQL: a workspace with its event, a roster of teams, frozen
// submissions, live decks behind the vote links, and a clock after the freeze. Every state
// change after that goes through the app.* functions as the caller (asUser).
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { asUser } from './as.ts';
import * as seed from '../../ops/harness/seed.ts';

export const RW = ['hackathon:read', 'hackathon:write'];

/** The hours of the schedule, relative to the clock when the fixture was made. */
export const SCHEDULE = { start: 1, buildEnd: 25, freeze: 25.25, voteOpens: 26, voteCloses: 28 } as const;

export interface VoteFixture {
  pool: pg.Pool;
  wsId: string;
  eventId: string;
  owner: string; // user id of the workspace owner (organizer)
  users: Record<string, string>; // email -> user id
  teams: Record<string, string>; // team name -> project id
  /** Runs SQL as a person of the workspace (email, or 'owner'). */
  as(who: string, sql: string, params?: unknown[], scopes?: string[]): Promise<any[]>;
  /** One jsonb answer of an app function, as a person. */
  call<T = any>(who: string, call: string, params?: unknown[], scopes?: string[]): Promise<T>;
  /** Sets the clock to `hours` after the moment the fixture was made. */
  at(hours: number): Promise<void>;
}

export interface SqlRefusal {
  code: string;
  message: string;
  details: Record<string, any>;
}

/** The refusal a promise ends with (app_private.fail: code in DETAIL, details in HINT). */
export async function refusal(p: Promise<unknown>): Promise<SqlRefusal> {
  try {
    await p;
  } catch (err) {
    const e = err as { detail?: string; message: string; hint?: string; code?: string };
    if (e.code !== 'PD000') throw err;
    return { code: e.detail ?? '', message: e.message, details: e.hint ? JSON.parse(e.hint) : {} };
  }
  throw new Error('expected a refusal, the call succeeded');
}

/** A live deck of this instance behind a share link: its https share URL. */
export async function liveDeck(pool: pg.Pool, wsId: string, ownerId: string, host = 'podium.test'): Promise<{ url: string; deckId: string; linkId: string }> {
  const token = randomBytes(16).toString('base64url');
  const deck = (await pool.query(`insert into app.decks (workspace_id, owner_id, title, current_version) values ($1, $2, 'Vote deck', 1) returning id`, [wsId, ownerId])).rows[0].id;
  await pool.query(`insert into app.deck_versions (deck_id, number, entry, file_count, total_bytes, attachment_count, attachment_bytes) values ($1, 1, 'index.html', 1, 10, 0, 0)`, [deck]);
  const link = (await pool.query(`insert into app.share_links (deck_id, name) values ($1, 'vote') returning id`, [deck])).rows[0].id;
  await pool.query(`insert into app_private.share_link_secrets (link_id, token_hash) values ($1, $2)`, [link, createHash('sha256').update(token).digest()]);
  return { url: `https://${host}/v/${token}/`, deckId: deck, linkId: link };
}

export interface FixtureOptions {
  /** team name -> participant emails */
  teams: Record<string, string[]>;
  /** extra roster rows (advisors, jury) */
  others?: { email: string; role: string }[];
  voteSection?: boolean;
  /** teams given a frozen submission and a live vote link (default: every team) */
  ready?: string[];
}

export async function voteFixture(pool: pg.Pool, name: string, opts: FixtureOptions): Promise<VoteFixture> {
  const ws = await seed.workspace(pool, name);
  const domain = `${name.toLowerCase()}.test`;
  const ownerEmail = `owner@${domain}`;
  const owner = (await seed.member(pool, ws.id, ownerEmail, 'owner', 'Olive Owner')).userId;
  const users: Record<string, string> = { owner, [ownerEmail]: owner };
  const roster: Record<string, unknown>[] = [];
  for (const [team, emails] of Object.entries(opts.teams)) {
    for (const email of emails) {
      users[email] = (await seed.member(pool, ws.id, email, 'member', email.split('@')[0])).userId;
      roster.push({ email, team, name: email.split('@')[0] });
    }
  }
  for (const o of opts.others ?? []) {
    users[o.email] = (await seed.member(pool, ws.id, o.email, 'member', o.email.split('@')[0])).userId;
    roster.push({ email: o.email, role: o.role });
  }
  const base = Number((await pool.query(`select coalesce((select offset_seconds from app_private.clock), 0) as o`)).rows[0].o);
  const roleOf = (who: string) => (users[who] === owner ? 'owner' : 'member');
  const as = async (who: string, sql: string, params: unknown[] = [], scopes = RW) => {
    const uid = users[who];
    if (!uid) throw new Error(`no person ${who}`);
    return (await asUser(pool, uid, ws.id, roleOf(who), scopes)((c) => c.query(sql, params))).rows;
  };
  const call = async (who: string, fn: string, params: unknown[] = [], scopes = RW) => (await as(who, `select ${fn} as r`, params, scopes))[0].r;
  await call('owner', `app.configure_event(0, $1, 'UTC', app.now() + interval '${SCHEDULE.start} hours', app.now() + interval '${SCHEDULE.buildEnd} hours',
    app.now() + interval '${SCHEDULE.voteOpens} hours', app.now() + interval '${SCHEDULE.voteCloses} hours')`, [`${name} Hack`]);
  await call('owner', 'app.import_roster($1)', [JSON.stringify(roster)]);
  if (opts.voteSection !== false) await call('owner', 'app.set_vote_section(true)');
  const eventId = (await pool.query('select id from app.events where workspace_id = $1', [ws.id])).rows[0].id;
  const teams: Record<string, string> = {};
  for (const r of (await pool.query('select id, name from app.projects where workspace_id = $1', [ws.id])).rows) teams[r.name] = r.id;
  for (const team of opts.ready ?? Object.keys(opts.teams)) {
    await freeze(pool, eventId, teams[team]!);
    await setVoteLink(pool, teams[team]!, (await liveDeck(pool, ws.id, owner)).url);
  }
  const fx: VoteFixture = {
    pool, wsId: ws.id, eventId, owner, users, teams, as, call,
    async at(hours) {
      await pool.query('update app_private.clock set offset_seconds = $1', [base + hours * 3600]);
    },
  };
  await fx.at(SCHEDULE.freeze + 0.25);
  return fx;
}

/** A frozen submission, as the capture job records it. */
export async function freeze(pool: pg.Pool, eventId: string, project: string): Promise<void> {
  await pool.query(`insert into app.submissions (project_id, event_id, state, sha, source, archive_sha256, archive_size, frozen_at)
    values ($1, $2, 'frozen', $3, 'push', $4, 10, now())
    on conflict (project_id) do update set state = 'frozen', sha = excluded.sha, archive_sha256 = excluded.archive_sha256, frozen_at = excluded.frozen_at`,
    [project, eventId, 'a'.repeat(40), 'b'.repeat(64)]);
}

export async function setVoteLink(pool: pg.Pool, project: string, url: string | null): Promise<void> {
  await pool.query('update app.event_teams set vote_link = $2 where project_id = $1', [project, url]);
}

/** Locks the roster and eligibility (confirming every candidate) and opens voting at the vote opening. */
export async function openVote(fx: VoteFixture, file: Record<string, unknown> = {}): Promise<number> {
  await fx.call('owner', 'app.lock_roster()');
  const draft = await fx.call('owner', 'app.community_eligibility()');
  const confirmed = (draft.candidates as { projectId: string }[]).map((c) => c.projectId);
  const locked = await fx.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify({ confirmedProjects: confirmed, ...file })]);
  await fx.at(SCHEDULE.voteOpens + 0.25);
  await fx.call('owner', 'app.open_voting()');
  return locked.version;
}

/** Ranks every candidate but the voter's own team, in the order given (names or ids). */
export async function submit(fx: VoteFixture, email: string, ranking: string[], version: number, revision = 0) {
  return fx.call(email, 'app.submit_vote_ballot($1, $2, $3)', [ranking.map((r) => fx.teams[r] ?? r), version, revision]);
}

/**
 * Runs `fn` as a person in one transaction whose server clock reads exactly the instant
 * `instantSql` (an SQL expression over app.events `e` of the fixture's event): the clock
 * offset is set in the same transaction, so app.now() is that instant to the microsecond.
 */
export async function atInstant<T>(fx: VoteFixture, who: string, instantSql: string, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const uid = fx.users[who];
  if (!uid) throw new Error(`no person ${who}`);
  return asUser(fx.pool, uid, fx.wsId, uid === fx.owner ? 'owner' : 'member', RW)(async (c) => {
    await c.query('reset role');
    await c.query(`update app_private.clock set offset_seconds = (select extract(epoch from (${instantSql}) - now()) from app.events e where e.id = $1)`, [fx.eventId]);
    await c.query(`select set_config('role', 'podium_app', true)`);
    return fn(c);
  });
}
