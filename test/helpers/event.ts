// Event test data: a workspace with its owner, people with keys, schedules relative to the
// server clock, and the calls most event tests make.
import type pg from 'pg';
import { http, setClock } from './http.ts';
import * as seed from '../../ops/harness/seed.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export const iso = (ms: number) => new Date(ms).toISOString();

/** The test clock, kept beside the server's so schedules can be written relative to it. */
export class Clock {
  offsetSeconds = 0;
  constructor(private readonly base: string) {}
  now(): number {
    return Date.now() + this.offsetSeconds * 1000;
  }
  /** Moves the server clock to `ms` (an instant on the server's time line). The offset keeps
   *  its milliseconds: rounded to whole seconds it could land up to half a second before `ms`
   *  (a test asserting the phase exactly at a deadline then saw the phase before it). */
  async to(ms: number): Promise<void> {
    this.offsetSeconds = (ms - Date.now()) / 1000;
    await setClock(this.base, this.offsetSeconds);
  }
  async reset(): Promise<void> {
    this.offsetSeconds = 0;
    await setClock(this.base, 0);
  }
}

/** A schedule: start, build end `buildHours` later, vote from freeze + 15 min for 2 hours. */
export function schedule(startMs: number, buildHours = 24) {
  const buildEnd = startMs + buildHours * HOUR;
  return { startsAt: iso(startMs), buildEndsAt: iso(buildEnd), voteOpensAt: iso(buildEnd + 30 * MINUTE), voteClosesAt: iso(buildEnd + 150 * MINUTE) };
}

export interface Person {
  email: string;
  userId: string;
  key: string;
}

/** A member of the workspace with a hackathon key pinned nowhere. */
export async function person(pool: pg.Pool, wsId: string, email: string, role = 'member', scopes?: string[]): Promise<Person> {
  const m = await seed.member(pool, wsId, email, role, email.split('@')[0]);
  const k = await seed.key(pool, email, 'hackathon', { scopes });
  return { email, userId: m.userId, key: k.key };
}

export async function eventWorkspace(pool: pg.Pool, name: string): Promise<{ ws: { id: string; name: string }; owner: Person }> {
  const ws = await seed.workspace(pool, name);
  const owner = await person(pool, ws.id, `owner@${name.toLowerCase()}.test`, 'owner');
  return { ws, owner };
}

export function configure(base: string, key: string, body: Record<string, unknown>) {
  return http(base, 'PUT', '/api/v1/event', { key, body: { timezone: 'Europe/Berlin', name: 'Spring Hack', ...body } });
}

export async function createEvent(base: string, key: string, startMs: number, buildHours = 24) {
  const r = await configure(base, key, { expectedVersion: 0, ...schedule(startMs, buildHours) });
  if (r.status !== 201) throw new Error(`event not created: ${r.status} ${r.text}`);
  return r.body.event;
}

export async function importRoster(base: string, key: string, participants: unknown[]) {
  const r = await http(base, 'PUT', '/api/v1/event/roster', { key, body: { participants } });
  if (r.status !== 200) throw new Error(`roster not imported: ${r.status} ${r.text}`);
  return r.body;
}

/** The team projects of a workspace by name (a roster import creates them). */
export async function teamIds(pool: pg.Pool, wsId: string): Promise<Record<string, string>> {
  const { rows } = await pool.query('select id, name from app.projects where workspace_id = $1', [wsId]);
  return Object.fromEntries(rows.map((r) => [r.name as string, r.id as string]));
}

/** Assigns a team its repository, as provisioning does (and the template revision it started from). */
export async function assignRepository(pool: pg.Pool, project: string, fullName: string, readiness = 'ready', templateSha?: string): Promise<void> {
  await pool.query('select app_private.set_team_repository($1, $2, $3, $4)', [project, fullName, readiness, templateSha ?? null]);
}
