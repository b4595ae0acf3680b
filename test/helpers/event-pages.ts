// The world the event page tests share: workspace Acme with an event in its building phase
// (the test clock moved one hour past the start), a roster of every role with passwords
// (participants Ann on Rocket and Bob on Comet, Avery the advisor, Jules the jury), a
// programme, a pinned feed post; a member of Acme not on the roster; and workspace Other
// with its own event and owner Eve, who must see nothing of Acme's.
import type pg from 'pg';
import { Clock, createEvent, HOUR, importRoster, teamIds } from './event.ts';
import * as seed from '../../ops/harness/seed.ts';
import { http } from './http.ts';
import { pageSignIn, PASSWORD, person } from './pages.ts';

export const NASTY = `<script>alert("x")</script>&'`;

export interface EventWorld {
  clock: Clock;
  ownerKey: string;
  teams: Record<string, string>;
  startMs: number;
  buildEndMs: number;
  feedChannel: string;
  pinnedPost: string;
  cookies: Record<'owner' | 'ann' | 'bob' | 'advisor' | 'jury' | 'stranger' | 'eve', string>;
}

export async function eventWorld(base: string, pool: pg.Pool): Promise<EventWorld> {
  const clock = new Clock(base);
  await clock.reset();
  const ws = await seed.workspace(pool, 'Acme');
  await person(pool, ws.id, 'owner@acme.test', 'owner', 'Olive Owner');
  const ownerKey = (await seed.key(pool, 'owner@acme.test', 'hackathon')).key;
  const startMs = clock.now() + HOUR;
  const event = await createEvent(base, ownerKey, startMs, 24);
  const buildEndMs = Date.parse(event.buildEndsAt);
  await person(pool, ws.id, 'ann@acme.test', 'member', 'Ann Lee');
  await person(pool, ws.id, 'bob@acme.test', 'member', 'Bob Ray');
  await person(pool, ws.id, 'avery@acme.test', 'member', 'Avery Advisor');
  await person(pool, ws.id, 'jules@acme.test', 'member', 'Jules Jury');
  await person(pool, ws.id, 'sam@acme.test', 'member', 'Sam Stranger');
  await importRoster(base, ownerKey, [
    { email: 'ann@acme.test', name: 'Ann Lee', team: 'Rocket' },
    { email: 'bob@acme.test', name: 'Bob Ray', team: 'Comet' },
    { email: 'avery@acme.test', role: 'advisor' },
    { email: 'jules@acme.test', role: 'jury' },
  ]);
  const teams = await teamIds(pool, ws.id);
  await http(base, 'PUT', '/api/v1/event/agenda', {
    key: ownerKey,
    body: { items: [{ title: 'Opening talk', kind: 'talk', startsAt: new Date(startMs).toISOString() }] },
  });
  await clock.to(startMs + HOUR);
  const post = await http(base, 'POST', '/api/v1/event/feed/posts', { key: ownerKey, body: { body: `Welcome! ${NASTY}` } });
  if (post.status !== 201) throw new Error(`feed post: ${post.status} ${post.text}`);
  await http(base, 'POST', `/api/v1/event/posts/${post.body.id}/pin`, { key: ownerKey });

  const other = await seed.workspace(pool, 'Other');
  await person(pool, other.id, 'eve@other.test', 'owner', 'Eve Other');
  const eveKey = (await seed.key(pool, 'eve@other.test', 'hackathon')).key;
  await createEvent(base, eveKey, clock.now() + HOUR, 24);

  const cookies = {
    owner: await pageSignIn(base, 'owner@acme.test', PASSWORD),
    ann: await pageSignIn(base, 'ann@acme.test'),
    bob: await pageSignIn(base, 'bob@acme.test'),
    advisor: await pageSignIn(base, 'avery@acme.test'),
    jury: await pageSignIn(base, 'jules@acme.test'),
    stranger: await pageSignIn(base, 'sam@acme.test'),
    eve: await pageSignIn(base, 'eve@other.test'),
  };
  return { clock, ownerKey, teams, startMs, buildEndMs, feedChannel: post.body.channelId, pinnedPost: post.body.id, cookies };
}
