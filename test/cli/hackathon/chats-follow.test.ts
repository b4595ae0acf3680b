// `hackathon chats read <channelId> --follow` end to end, in process against a real server:
// the page, then posts of that channel only as they are made (printed as chats read prints
// them), ended by the follower's key being revoked (exit 3 with the server's code).
import test from 'ava';
import { main } from '../../../cli/hackathon/main.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';
import { runInProcess } from '../in-process.ts';
import { makeHome } from './run.ts';

let s: TestServer;
let ann: Person, bob: Person, owner: Person;
let general: string, rocketChat: string, cometChat: string;
let env: NodeJS.ProcessEnv;

test.before(async () => {
  s = await startTestServer({ env: { LIVE_RECHECK_SECONDS: '1' } });
  const w = await eventWorkspace(s.db.pool, 'Acme');
  owner = w.owner;
  ann = await person(s.db.pool, w.ws.id, 'ann@acme.test');
  bob = await person(s.db.pool, w.ws.id, 'bob@acme.test');
  await createEvent(s.url, owner.key, Date.now() + 2 * HOUR);
  await importRoster(s.url, owner.key, [{ email: 'ann@acme.test', team: 'Rocket' }, { email: 'bob@acme.test', team: 'Comet' }]);
  const chans = (await http(s.url, 'GET', '/api/v1/event/chats', { key: owner.key })).body.items as { id: string; kind: string; name: string }[];
  general = chans.find((c) => c.kind === 'general')!.id;
  rocketChat = chans.find((c) => c.name === 'Rocket')!.id;
  cometChat = chans.find((c) => c.name === 'Comet')!.id;
  env = makeHome().env;
});
test.after.always(() => s?.close());

const post = async (who: Person, channel: string, body: string) => {
  const r = await http(s.url, 'POST', `/api/v1/event/chats/${channel}/posts`, { key: who.key, body: { body } });
  if (r.status !== 201) throw new Error(r.text);
  return r.body.id as string;
};

test.serial('chats read --follow prints the page, then the channel\'s new posts as chats read prints them, until access ends', async (t) => {
  await post(ann, rocketChat, 'on the page');
  const k = await seed.key(s.db.pool, 'ann@acme.test', 'hackathon', { scopes: ['hackathon:read'] });
  // The stream opens first, then the page is read: a post made before that read would be on
  // the page. Post only once the page has been answered.
  let pageRead = false;
  const watching: typeof fetch = async (input, init) => {
    const r = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if ((init?.method ?? 'GET') === 'GET' && url.pathname === `/api/v1/event/chats/${rocketChat}/posts`) pageRead = true;
    return r;
  };
  const running = runInProcess('hackathon', main, ['chats', 'read', rocketChat, '--follow'], { ...env, EVENT_URL: s.url, EVENT_API_KEY: k.key }, undefined, watching);
  await until('the follower\'s stream', async () => s.api.live!.count === 1);
  await until('the page read', async () => pageRead);
  const id = await post(ann, rocketChat, 'live line one\nline two');
  await post(bob, cometChat, 'another team');
  await post(owner, general, 'general news');
  const pinned = await http(s.url, 'POST', `/api/v1/event/posts/${id}/pin`, { key: owner.key });
  t.is(pinned.status, 200, pinned.text);
  // Once the hub fanned the pin out (its frame is written before any later error frame), end the follow.
  const pin = (await s.db.pool.query(`select id, event_id from app_private.live_events where kind = 'post.pinned' order by id desc limit 1`)).rows[0];
  await until('the pin fanned out', async () => s.api.live!.position(pin.event_id) >= Number(pin.id));
  await s.db.pool.query('select app_private.revoke_key($1)', [k.id]);
  const r = await running;
  t.is(r.code, 3, r.stderr);
  t.regex(r.stderr, /unauthorized|revoked/i);
  const lines = r.stdout.split('\n');
  t.regex(lines[0]!, / ann \(/);
  t.is(lines[1], '  on the page');
  const live = lines.indexOf(lines.find((l) => l.endsWith(`(${id})`))!);
  t.true(live > 1, r.stdout);
  t.deepEqual(lines.slice(live + 1, live + 4), ['  live line one', '  line two', `Pinned ${id}`]);
  t.false(r.stdout.includes('another team'));
  t.false(r.stdout.includes('general news'));
});
